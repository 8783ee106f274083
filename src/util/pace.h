/*
 * pace: how long a step stays on screen, one rule for the TUI's autoplay,
 * --cast and a lesson plan.  A class hears the narration read aloud, so a
 * step lasts the time to say it at about 150 words a minute (0.4 s a word)
 * and never less than a floor of 3 s: a step with a short line still gets
 * the time to look at its picture.  The speed divides the whole: 1 is that
 * pace, 1.5 half as fast again (+ and - in the TUI, [lesson] pace).
 */
#ifndef ATTNVIZ_UTIL_PACE_H
#define ATTNVIZ_UTIL_PACE_H

#define PACE_WORDS_PER_MINUTE 150
#define PACE_FLOOR_MS 3000
/* The speeds a teacher may set: from a quarter to four times the pace. */
#define PACE_SPEED_MIN 0.25
#define PACE_SPEED_MAX 4.0

/* The words of text: runs of characters between blanks. */
int pace_words(const char *text);
/* Milliseconds for text at speed (clamped to the range above). */
long pace_ms(const char *text, double speed);
/* The same for a count of words (a note and a narration shown together). */
long pace_words_ms(int words, double speed);
/* speed clamped to [PACE_SPEED_MIN, PACE_SPEED_MAX]. */
double pace_clamp(double speed);

#endif
