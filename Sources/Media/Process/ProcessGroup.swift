#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CProcess
import Foundation

/// forkrender's one launcher of child programs (ffmpeg encoding, ffmpeg decoding a backdrop, ffprobe): a child in
/// a process group of its own, written to through a pipe that is written without blocking or read from through
/// one, its stderr read into a bounded tail (`errors`, `ErrorTail`), and killed as a whole group.
///
/// Why not Foundation's `Process`: distributions and users wrap ffmpeg in shell scripts that do not `exec`, so
/// the program forkrender starts may not be the one holding the pipe: killing only the wrapper would leave its
/// child reading nothing and holding the pipe open, and a blocking write to it would never return. Here the child is started by posix_spawn with POSIX_SPAWN_SETPGROUP (its own group,
/// so `kill` reaches every process the wrapper started, and a terminal's Ctrl-C reaches it only through us),
/// with the signal dispositions reset to their defaults (forkrender ignores SIGINT, SIGTERM and SIGPIPE, and
/// ignored signals are inherited across exec), with every other descriptor closed; the pipe's write end is
/// non-blocking and `write` polls it in 50 ms steps, checking `stop` between them.
public final class ProcessGroup: @unchecked Sendable {
    /// The child's pid, which is also its process group's id.
    public let pid: pid_t
    /// The write end of the child's stdin (-1: the child reads /dev/null).
    let input: Int32
    /// The read end of the child's stdout (-1: the child writes to /dev/null).
    let output: Int32
    /// The last bytes of the child's stderr, read from a pipe (`ErrorTail`): every child's messages are read so,
    /// bounded whatever it prints, and no file is left behind when forkrender ends on a signal.
    public let errors: ErrorTail
    private let lock = NSLock()
    private var status: Int32?
    private var inputOpen = true
    private let ended = DispatchSemaphore(value: 0)
    /// The set a reading child is in until it is reaped (nil for a child written to).
    private let readers: ProcessReaders?

    /// Starts `executable` with `arguments` to be written to: stdin a pipe from us (`write`), stdout /dev/null;
    /// with `hugePages` false, without transparent huge pages (`withoutTransparentHugePages`).
    public init(writing executable: String, arguments: [String], hugePages: Bool = true) throws(ProcessError) {
        let (child, ours, errors) = try Self.start(executable, arguments, hugePages: hugePages, pipe: .toChild)
        _ = fcntl(ours, F_SETFL, fcntl(ours, F_GETFL) | O_NONBLOCK)
        pid = child
        input = ours
        output = -1
        self.errors = errors
        readers = nil
        reap()
    }

    /// Starts `executable` with `arguments` to be read from: stdin /dev/null, stdout a pipe to us (`read`,
    /// `readToEnd`); `environment` nil inherits ours. From its spawn (the same step, `ProcessReaders.start`) until
    /// it has ended, it is one of `readers`, which an exit on a signal kills (`killReaders`): a probe or decoder
    /// started here does not outlive forkrender.
    public init(reading executable: String, arguments: [String], environment: [String: String]? = nil,
                readers: ProcessReaders = .shared) throws(ProcessError) {
        let (child, ours, errors) = try readers.start({ () throws(ProcessError) in
            try Self.start(executable, arguments, hugePages: true, pipe: .fromChild, environment: environment)
        }, pid: { $0.pid })
        pid = child
        input = -1
        output = ours
        inputOpen = false
        self.errors = errors
        self.readers = readers
        reap()
    }

    /// Starts `executable` with `arguments` run for what it does alone (a peer `forkrender-bench` times): stdin
    /// and stdout /dev/null; with `hugePages` false, without transparent huge pages. `wait` for its end.
    public init(running executable: String, arguments: [String], hugePages: Bool = true) throws(ProcessError) {
        let (child, _, errors) = try Self.start(executable, arguments, hugePages: hugePages, pipe: .none)
        pid = child
        input = -1
        output = -1
        inputOpen = false
        self.errors = errors
        readers = nil
        reap()
    }

    /// Which of the child's stdin and stdout is a pipe to or from us; the other is /dev/null.
    private enum Pipe { case toChild, fromChild, none }

    /// Spawns the child with a pipe as its stdin or stdout (`pipe`) and one as its stderr, whose read end an
    /// `ErrorTail` drains (a full pipe would stop the child); the child's pid, our end (-1 without one) and the
    /// tail.
    private static func start(_ executable: String, _ arguments: [String], hugePages: Bool, pipe: Pipe,
                              environment: [String: String]? = nil) throws(ProcessError) -> (pid: pid_t, ours: Int32, errors: ErrorTail) {
        let stderr = try makePipe()
        var (readEnd, writeEnd): (Int32, Int32) = (-1, -1)
        if pipe != .none {
            do { (readEnd, writeEnd) = try makePipe() } catch { close(stderr.read); close(stderr.write); throw error }
        }
        let (theirs, ours) = pipe == .fromChild ? (writeEnd, readEnd) : (readEnd, writeEnd)
        let (child, rc) = spawn(executable, arguments, stdin: pipe == .toChild ? theirs : nil,
                                stdout: pipe == .fromChild ? theirs : nil, stderr: stderr.write, hugePages: hugePages,
                                environment: environment)
        if theirs >= 0 { close(theirs) }
        close(stderr.write)
        let errors = ErrorTail(reading: stderr.read)
        guard rc == 0 else {
            if ours >= 0 { close(ours) }
            throw ProcessError("cannot start \(executable): \(String(cString: strerror(rc)))")
        }
        return (child, ours, errors)
    }

    /// Kills every group started to be read from and starts no more (an exit on a signal runs this; it does
    /// not wait): `ProcessReaders.shared.killAll()`.
    public static func killReaders() { ProcessReaders.shared.killAll() }

    /// Reads up to `buffer.count` bytes of the child's stdout, filling the buffer unless the output ends;
    /// polls in 50 ms steps and gives up with "interrupted" as soon as `stop()` is true. The bytes read (fewer
    /// than asked only at the end of the output).
    public func read(into buffer: UnsafeMutableRawBufferPointer, stop: () -> Bool) throws(ProcessError) -> Int {
        var off = 0
        while off < buffer.count {
            if stop() { throw ProcessError("interrupted") }
            var p = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, 50) != 0 else { continue }
            let n = systemRead(output, buffer.baseAddress! + off, buffer.count - off)
            if n > 0 { off += n; continue }
            if n == 0 { break }
            let e = errno
            if e == EINTR || e == EAGAIN { continue }
            throw ProcessError("cannot read from the child: \(String(cString: strerror(e)))")
        }
        return off
    }

    /// Everything the child writes to its stdout until it closes it, at most `limit` bytes (past them the rest
    /// is read and dropped, so the child never blocks on a full pipe).
    public func readToEnd(limit: Int = 1 << 20) throws(ProcessError) -> [UInt8] {
        var all: [UInt8] = []
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 65536, alignment: 1)
        defer { chunk.deallocate() }
        while true {
            let n = try read(into: chunk) { false }
            all.append(contentsOf: chunk.prefix(min(n, max(0, limit - all.count))))
            if n < chunk.count { return all }
        }
    }

    /// A pipe whose two ends close on exec (the child's stdin or stdout, and its stderr).
    private static func makePipe() throws(ProcessError) -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        // pipe2(O_CLOEXEC) is not in Swift's Glibc module; the pipe is made before any render thread starts a
        // child, so setting the flag right after leaves no window in which a fork could inherit it.
        guard pipe(&fds) == 0 else { throw ProcessError("cannot create a pipe: \(String(cString: strerror(errno)))") }
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        return (fds[0], fds[1])
    }

    #if canImport(Glibc)
    private typealias SpawnActions = posix_spawn_file_actions_t
    private typealias SpawnAttributes = posix_spawnattr_t
    #else
    private typealias SpawnActions = posix_spawn_file_actions_t?
    private typealias SpawnAttributes = posix_spawnattr_t?
    #endif

    /// Starts the child (`redirect`, `isolate`), retrying while the program is busy; its pid and posix_spawn's
    /// result.
    private static func spawn(_ executable: String, _ arguments: [String], stdin: Int32?, stdout: Int32?, stderr: Int32,
                              hugePages: Bool, environment: [String: String]?) -> (pid: pid_t, result: Int32) {
        #if canImport(Glibc)
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #else
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        redirect(&actions, stdin: stdin, stdout: stdout, stderr: stderr)
        isolate(&attributes)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?]? = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { for a in argv + (envp ?? []) { free(a) } }
        var spawned: pid_t = 0
        let start = { () -> Int32 in
            let run = { envp.map { posix_spawn(&spawned, executable, &actions, &attributes, argv, $0) }
                        ?? posix_spawn(&spawned, executable, &actions, &attributes, argv, environ) }
            return hugePages ? run() : Self.withoutTransparentHugePages(run)
        }
        var rc = start()
        // ETXTBSY: some process still holds the program open for writing. A wrapper script written a moment
        // ago is held so by any child that another thread forked while its descriptor was open (it lives until
        // that child's exec). It clears by itself: retried for up to 0.5 s.
        var retries = 0
        while rc == ETXTBSY && retries < 50 {
            retries += 1
            usleep(10_000)
            rc = start()
        }
        return (spawned, rc)
    }

    /// The child's descriptors: stdin from `stdin` (nil: /dev/null), stdout to `stdout` (nil: /dev/null),
    /// stderr into a pipe (`stderr`), and every other one closed, so that a test's or a caller's pipe is not held
    /// open by the child.
    private static func redirect(_ actions: inout SpawnActions, stdin: Int32?, stdout: Int32?, stderr: Int32) {
        if let stdin { posix_spawn_file_actions_adddup2(&actions, stdin, 0) }
        else { posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0) }
        if let stdout { posix_spawn_file_actions_adddup2(&actions, stdout, 1) }
        else { posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0) }
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        #if canImport(Glibc)
        // posix_spawn_file_actions_addclosefrom_np (glibc 2.34) is not in Swift's Glibc module: looked up by
        // name; without it, each descriptor open now is closed one by one.
        if let closeFrom = Self.addCloseFrom {
            _ = closeFrom(&actions, 3)
        } else {
            for fd in Self.openDescriptors() where fd > 2 && fd != stdin && fd != stdout && fd != stderr { posix_spawn_file_actions_addclose(&actions, fd) }
        }
        #endif
    }

    /// The child in a process group of its own, with the signal dispositions and mask reset to their defaults
    /// (forkrender ignores SIGINT, SIGTERM and SIGPIPE, and ignored signals are inherited across exec); on
    /// Darwin, every descriptor not redirected closes on exec.
    private static func isolate(_ attributes: inout SpawnAttributes) {
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for sig in [SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGQUIT, SIGCHLD] { sigaddset(&defaults, sig) }
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setpgroup(&attributes, 0)
        var flags = Int32(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK)
        #if !canImport(Glibc)
        flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
        #endif
        posix_spawnattr_setflags(&attributes, Int16(flags))
    }

    /// One reaper thread waits for the child and records its status, so that `wait` may be called from several
    /// threads (finish and abort).
    private func reap() {
        let child = pid
        Thread.detachNewThread { [lock, ended, readers] in
            var st: Int32 = 0
            while waitpid(child, &st, 0) < 0 && errno == EINTR {}
            lock.withLock { self.status = st }
            readers?.remove(child)
            ended.signal()
        }
    }

    deinit {
        closeInput()
        if output >= 0 { close(output) }
    }

    /// Runs `body` (which starts a child) with this process's "no transparent huge pages" flag set, so that the
    /// child keeps it across exec (Linux's PR_SET_THP_DISABLE), then puts the flag back as it was.
    ///
    /// Why, for ffmpeg: on a machine with transparent huge pages `always`, x264's large buffers come in 2 MiB
    /// pages, and on a VM whose host takes freed memory back (a balloon) their first touch is slow: the kernel
    /// zeroing them was about a sixth of ffmpeg's time. The video bytes are the same either way. Where the
    /// kernel has no such flag, nothing changes. The flag is the whole process's while `body` runs: spawns are
    /// serialized here, and a child another thread starts meanwhile gets it too, which changes only its speed.
    public static func withoutTransparentHugePages<R>(_ body: () throws -> R) rethrows -> R {
        hugePagesLock.lock()
        defer { hugePagesLock.unlock() }
        let before = cprocess_thp_disabled()
        guard before == 0, cprocess_set_thp_disabled(1) == 0 else { return try body() }
        defer { _ = cprocess_set_thp_disabled(0) }
        return try body()
    }

    private static let hugePagesLock = NSLock()

    #if canImport(Glibc)
    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private static let addCloseFrom: CloseFrom? = {
        guard let f = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(f, to: CloseFrom.self)
    }()

    private static func openDescriptors() -> [Int32] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).compactMap { Int32($0) }
    }
    #endif

    /// Writes every byte to the child's stdin, polling the pipe in 50 ms steps and giving up with "interrupted"
    /// as soon as `stop()` is true, so that a reader that stopped reading cannot hold the caller. EPIPE (every
    /// reader gone) is an error.
    public func write(_ raw: UnsafeRawBufferPointer, what: String, stop: () -> Bool) throws(ProcessError) {
        var off = 0
        while off < raw.count {
            if stop() { throw ProcessError("interrupted") }
            let n = lock.withLock { inputOpen ? systemWrite(input, raw.baseAddress! + off, raw.count - off) : -2 }
            if n == -2 { throw ProcessError("\(what) was closed") }
            if n >= 0 { off += n; continue }
            let e = errno
            if e == EINTR { continue }
            if e == EAGAIN || e == EWOULDBLOCK {
                var p = pollfd(fd: input, events: Int16(POLLOUT), revents: 0)
                _ = poll(&p, 1, 50)
                continue
            }
            if e == EPIPE { throw ProcessError("\(what) was closed by the reader (broken pipe)") }
            throw ProcessError("cannot write to \(what): \(String(cString: strerror(e)))")
        }
    }

    /// Closes the pipe: the child sees the end of its input.
    public func closeInput() {
        lock.withLock {
            if inputOpen { close(input); inputOpen = false }
        }
    }

    /// Waits until the child has exited (at most `timeout` seconds when given); its exit code, or 128 + the
    /// signal that ended it; nil on timeout.
    @discardableResult
    public func wait(timeout: Double? = nil) -> Int32? {
        if let timeout {
            guard ended.wait(timeout: .now() + timeout) == .success else { return nil }
        } else {
            ended.wait()
        }
        ended.signal()
        let st = lock.withLock { status ?? 0 }
        return st & 0x7f == 0 ? (st >> 8) & 0xff : 128 + (st & 0x7f)
    }

    public var hasExited: Bool { lock.withLock { status != nil } }

    /// Ends every process of the group: SIGTERM, then after `grace` seconds SIGKILL to whatever is left (the
    /// group outlives its leader while a grandchild lives, so it is signalled whether or not the leader is gone).
    public func kill(grace: Double = 0.05) {
        _ = systemKill(-pid, SIGTERM)
        _ = wait(timeout: grace)
        _ = systemKill(-pid, SIGKILL)
    }
}

/// The path of an executable `name` in PATH (or, without PATH, in /usr/bin, /bin and /usr/local/bin), nil when
/// there is none: forkrender's one lookup of the programs it starts (ffmpeg, ffprobe).
public func findTool(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin:/usr/local/bin"
    for dir in path.split(separator: ":") {
        let candidate = "\(dir)/\(name)"
        if access(candidate, X_OK) == 0 { return candidate }
    }
    return nil
}

/// Why a child program could not be started, written to or read from, in words for a message.
public struct ProcessError: Error, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
}
