/*
 * needle: the lesson's needle-in-a-haystack test (Ex. 17) with its fake
 * model.  The prompt is built as a word list (word ids; the needle is a
 * distinct id) and the model really searches it.
 */
#ifndef ATTNVIZ_NEEDLE_H
#define ATTNVIZ_NEEDLE_H

#define NEEDLE_WORD (-1)

/* Build `length` filler words (w0..w49) with the needle inserted at
 * min(length, length·depth/100); words has room for length + 1.  Returns the count. */
int needle_prompt(int *words, int length, int depth);
/* The fake model: it finds the needle only within `window` words of the end
 * or among the first `head` words.  Returns 1 when it answers right. */
int needle_fake_model(const int *words, int count, int window, int head);

#endif
