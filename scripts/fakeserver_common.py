"""What every fake weather server in scripts/ shares (Python standard library only): the mode
file switched at run time, the request log, a threaded HTTP server quiet about clients that
hang up, and a listener that closes its socket while the mode is `down` and reopens it on the
same port after. A fake supplies its own handler and its list of modes."""
import datetime, os, pathlib, signal, socket, sys, threading, time
from http.server import ThreadingHTTPServer


def read_mode(state_dir, modes, default_slow=5.0):
    """The mode in `<state_dir>/mode` as (name, seconds); ("ok", 0.0) when absent or unknown."""
    try:
        text = (pathlib.Path(state_dir) / "mode").read_text().strip()
    except OSError:
        return "ok", 0.0
    parts = text.split()
    if not parts or parts[0] not in modes:
        return "ok", 0.0
    if parts[0] == "slow":
        try:
            return "slow", float(parts[1])
        except (IndexError, ValueError):
            return "slow", default_slow
    if parts[0] == "429-retry" and len(parts) > 1:
        try:
            return "429-retry", float(parts[1])
        except ValueError:
            pass
    return parts[0], 0.0


def write_mode(state_dir, mode):
    """Switches a running fake: the mode file is replaced atomically, so a request never reads half of it."""
    state_dir = pathlib.Path(state_dir)
    tmp = state_dir / ".mode.tmp"
    tmp.write_text(mode + "\n")
    os.replace(tmp, state_dir / "mode")


class RequestLog:
    """Appends `time method path status` lines to `<state_dir>/requests.log`, one writer at a time."""

    def __init__(self, state_dir, redact=lambda path: path):
        self.path = pathlib.Path(state_dir) / "requests.log"
        self.redact = redact
        self.lock = threading.Lock()

    def write(self, method, path, status, note=""):
        stamp = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="milliseconds")
        with self.lock, open(self.path, "a") as f:
            f.write(f"{stamp} {method} {self.redact(path)} {status}{' ' + note if note else ''}\n")


class QuietServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], (ConnectionError, BrokenPipeError, TimeoutError)):
            super().handle_error(request, client_address)


class Listener:
    """The HTTP server, closed while the mode is `down` (connections refused) and reopened after."""

    def __init__(self, handler, port, is_down):
        self.handler, self.port, self.is_down = handler, port, is_down
        self.server = None

    def open(self):
        server = QuietServer(("127.0.0.1", self.port), self.handler)
        self.port = server.server_address[1]
        self.server = server
        threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()

    def close(self):
        if self.server:
            self.server.shutdown()
            self.server.server_close()
            self.server = None

    def watch(self, stop):
        while not stop.is_set():
            down = self.is_down()
            if down and self.server:
                self.close()
            elif not down and not self.server:
                for _ in range(50):
                    try:
                        self.open()
                        break
                    except OSError:
                        time.sleep(0.1)
            stop.wait(0.1)


def serve(handler, port, state_dir, is_down, banner):
    """Listens (unless down), writes `pid` and `port` to the state folder, and runs until SIGTERM or SIGINT."""
    state_dir = pathlib.Path(state_dir)
    listener = Listener(handler, port, is_down)
    if not is_down():
        listener.open()
    else:  # reserve a port number to report
        with socket.socket() as s:
            s.bind(("127.0.0.1", port))
            listener.port = s.getsockname()[1]
    (state_dir / "pid").write_text(f"{os.getpid()}\n")
    (state_dir / "port.tmp").write_text(f"{listener.port}\n")
    os.replace(state_dir / "port.tmp", state_dir / "port")
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    threading.Thread(target=listener.watch, args=(stop,), daemon=True).start()
    print(banner(listener.port), file=sys.stderr)
    stop.wait()
    listener.close()
