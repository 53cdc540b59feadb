#ifndef CNCURSESW_SHIM_H
#define CNCURSESW_SHIM_H

#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <wchar.h>
#include <stdio.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

/* wcwidth is hidden from Swift's Glibc module. */
extern int wcwidth(wchar_t c);

/* Macros Swift cannot import, as functions. */
static inline attr_t cnc_a_normal(void) { return A_NORMAL; }
static inline attr_t cnc_a_bold(void) { return A_BOLD; }
static inline attr_t cnc_a_reverse(void) { return A_REVERSE; }
static inline attr_t cnc_a_underline(void) { return A_UNDERLINE; }
static inline attr_t cnc_a_dim(void) { return A_DIM; }
static inline attr_t cnc_color_pair(short n) { return COLOR_PAIR(n); }
static inline int cnc_key_f(int n) { return KEY_F(n); }
static inline int cnc_err(void) { return ERR; }
static inline int cnc_ok(void) { return OK; }

/* Globals that Swift 6 flags as not concurrency-safe, as accessors. */
static inline WINDOW *cnc_stdscr(void) { return stdscr; }
static inline int cnc_lines(void) { return LINES; }
static inline int cnc_cols(void) { return COLS; }
static inline int cnc_colors(void) { return COLORS; }

#endif
