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
#include <errno.h>
#include <poll.h>
#include <sys/ioctl.h>
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

/* The write end of the pipe the run loop waits on beside the terminal (-1: none): a signal
   writes a byte to it, so a signal that lands just before the loop waits still wakes it. */
static volatile sig_atomic_t cnc_wake_fd = -1;

static inline void cnc_set_wake_fd(int fd) { cnc_wake_fd = fd; }

static void cnc_wake_in_handler(void) {
    int fd = cnc_wake_fd;
    if (fd >= 0) {
        int saved = errno;
        char byte = 1;
        ssize_t ignored = write(fd, &byte, 1);
        (void)ignored;
        errno = saved;
    }
}

/* SIGINT/SIGTERM/SIGHUP: set a flag the run loop reads when woken. A second one (a stuck loop)
   restores the terminal and dies of the signal as usual. */
static void cnc_on_terminate(int sig) {
    if (cnc_signal_received != 0) {
        cnc_mouse_off_in_handler();
        endwin();
        signal(sig, SIG_DFL);
        raise(sig);
        return;
    }
    cnc_signal_received = sig;
    cnc_wake_in_handler();
}

/* ncurses' own SIGWINCH handler (it notes the new size for the next read), called first. */
typedef void (*cnc_handler)(int);
static cnc_handler cnc_ncurses_winch = 0;
static volatile sig_atomic_t cnc_winch_chained = 0;

static void cnc_on_winch(int sig) {
    cnc_handler previous = cnc_ncurses_winch;
    if (previous != 0 && previous != SIG_DFL && previous != SIG_IGN) previous(sig);
    cnc_wake_in_handler();
}

/* After newterm (which installs ncurses' handler, a plain one): a resize also wakes the run loop. */
static inline void cnc_chain_sigwinch(void) {
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    memset(&old, 0, sizeof old);
    sigemptyset(&sa.sa_mask);
    sa.sa_handler = cnc_on_winch;
    sa.sa_flags = SA_RESTART;
    if (sigaction(SIGWINCH, NULL, &old) != 0 || (old.sa_flags & SA_SIGINFO)) return;
    cnc_ncurses_winch = old.sa_handler;
    if (sigaction(SIGWINCH, &sa, NULL) == 0) cnc_winch_chained = 1;
}

/* Hands SIGWINCH back to ncurses' handler (before endwin/delscreen). */
static inline void cnc_unchain_sigwinch(void) {
    if (cnc_winch_chained) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sigemptyset(&sa.sa_mask);
        sa.sa_handler = cnc_ncurses_winch;
        sa.sa_flags = SA_RESTART;
        sigaction(SIGWINCH, &sa, NULL);
        cnc_winch_chained = 0;
    }
}

/* The terminal's size as the kernel has it now (0 when it cannot tell). */
static inline void cnc_terminal_size(int fd, int *rows, int *cols) {
    struct winsize ws;
    memset(&ws, 0, sizeof ws);
    if (ioctl(fd, TIOCGWINSZ, &ws) == 0) { *rows = ws.ws_row; *cols = ws.ws_col; }
    else { *rows = 0; *cols = 0; }
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
