#include "kern/needle.h"

#include <string.h>
#include "util/fault.h"

int needle_prompt(int *words, int length, int depth)
{
	/* Java's int arithmetic: length * depth / 100 truncates. */
	long at = (long)length * depth / 100;
	if (at > length)
		at = length;
	int n = 0;
	for (int i = 0; i < length; i++) {
		if (i == at)
			words[n++] = NEEDLE_WORD;
		words[n++] = i % 50;
	}
	if (at == length)
		words[n++] = NEEDLE_WORD;
	return n;
}

int needle_fake_model(const int *words, int count, int window, int head)
{
	int at = -1;
	for (int i = 0; i < count; i++)
		if (words[i] == NEEDLE_WORD) {
			at = i;
			break;
		}
	if (at < 0)
		return 0;
	return FAULT_INT("needle", count - at <= window || at < head);
}
