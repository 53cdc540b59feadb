#ifndef CNCURSESW_SHIM_H
#define CNCURSESW_SHIM_H

#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <langinfo.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>
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

static inline FILE *cnc_stdout(void) { return stdout; }
static inline FILE *cnc_stdin(void) { return stdin; }
static inline const char *cnc_codeset(void) { return nl_langinfo(CODESET); }
static inline WINDOW *cnc_curscr(void) { return curscr; }
static inline int cnc_key_code_yes(void) { return KEY_CODE_YES; }

/*
 * Signal handling lives in C because the handlers may only touch async-signal-safe state.
 * These are static (one copy per object file that uses them), so exactly one Swift file
 * (NcursesBackend.swift) calls them.
 */
static volatile sig_atomic_t cnc_signal_received = 0;

/* Whether mouse reporting is on: a crash or a second signal turns it off with the terminal. */
static volatile sig_atomic_t cnc_mouse_on = 0;

static const char cnc_mouse_off_sequence[] = "\033[?1006l\033[?1000l";

/* Click and wheel reports in the SGR form (1006: any column, press and release told apart). */
static inline void cnc_mouse_reporting(FILE *out, int on) {
    fputs(on ? "\033[?1000h\033[?1006h" : cnc_mouse_off_sequence, out);
    fflush(out);
    cnc_mouse_on = on;
}

/* From a signal handler: only write(2), which is async-signal-safe. */
static void cnc_mouse_off_in_handler(void) {
    if (cnc_mouse_on) {
        ssize_t ignored = write(STDOUT_FILENO, cnc_mouse_off_sequence, sizeof cnc_mouse_off_sequence - 1);
        (void)ignored;
    }
}

/* Whether the terminal has an alternate screen (smcup) that endwin leaves, taking the frame with it. */
static inline int cnc_has_alternate_screen(void) {
    char *smcup = tigetstr("smcup");
    return smcup != NULL && smcup != (char *)-1 && smcup[0] != 0;
}

static FILE *cnc_clear_target = NULL;
static int cnc_put_to_target(int c) { return fputc(c, cnc_clear_target); }

/* Clears the screen with terminfo's clear (padding honoured) on `out`, after endwin. */
static inline void cnc_clear_screen(FILE *out) {
    char *clear = tigetstr("clear");
    if (clear == NULL || clear == (char *)-1) return;
    cnc_clear_target = out;
    tputs(clear, 1, cnc_put_to_target);
    fflush(out);
}

/* SIGINT/SIGTERM/SIGHUP: set a flag the run loop polls. A second one (a stuck loop) restores
   the terminal and dies of the signal as usual. */
static void cnc_on_terminate(int sig) {
    if (cnc_signal_received != 0) {
        cnc_mouse_off_in_handler();
        endwin();
        signal(sig, SIG_DFL);
        raise(sig);
        return;
    }
    cnc_signal_received = sig;
}

/* Crash signals: hand the terminal back, restore the default handler and re-raise so the process still dies of the signal. */
static void cnc_on_crash(int sig) {
    cnc_mouse_off_in_handler();
    endwin();
    signal(sig, SIG_DFL);
    raise(sig);
}

static inline void cnc_install_signal_handlers(void) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sigemptyset(&sa.sa_mask);
    sa.sa_handler = cnc_on_terminate;
    int terminating[] = { SIGINT, SIGTERM, SIGHUP };
    for (int i = 0; i < 3; i++) sigaction(terminating[i], &sa, NULL);
    sa.sa_handler = cnc_on_crash;
    sa.sa_flags = SA_NODEFER;
    int crashing[] = { SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT };
    for (int i = 0; i < 6; i++) sigaction(crashing[i], &sa, NULL);
}

static inline void cnc_restore_signal_handlers(void) {
    int all[] = { SIGINT, SIGTERM, SIGHUP, SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT };
    for (int i = 0; i < 9; i++) signal(all[i], SIG_DFL);
}

/* The signal that asked us to quit (0 if none). */
static inline int cnc_pending_signal(void) { return cnc_signal_received; }

/* Whether the terminal set up by setupterm can move the cursor (TERM=dumb cannot). */
static inline int cnc_can_address_cursor(void) {
    char *cup = tigetstr("cup");
    return cup != NULL && cup != (char *)-1;
}

#endif
