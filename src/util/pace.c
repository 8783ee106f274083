#include "util/pace.h"

#include <ctype.h>

int pace_words(const char *text)
{
	int words = 0, in_word = 0;
	for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
		int blank = isspace(*p);
		words += !blank && !in_word;
		in_word = !blank;
	}
	return words;
}

double pace_clamp(double speed)
{
	/* also NaN: no comparison holds, so it falls to the default */
	if (speed >= PACE_SPEED_MIN && speed <= PACE_SPEED_MAX)
		return speed;
	return speed > PACE_SPEED_MAX   ? PACE_SPEED_MAX
	       : speed < PACE_SPEED_MIN ? PACE_SPEED_MIN
					: 1.0;
}

long pace_ms(const char *text, double speed)
{
	return pace_words_ms(pace_words(text), speed);
}

long pace_words_ms(int words, double speed)
{
	long said = words * 60000L / PACE_WORDS_PER_MINUTE;
	long ms = said > PACE_FLOOR_MS ? said : PACE_FLOOR_MS;
	return (long)(ms / pace_clamp(speed) + 0.5);
}
