import Foundation

/// A one-line progress bar on stderr (only when stderr is a terminal): frames done, frames per second and time left.
final class ProgressBar: @unchecked Sendable {
    let total: Int
    let enabled: Bool
    let start = Date()
    private let lock = NSLock()

    init(total: Int, enabled: Bool) {
        self.total = total
        self.enabled = enabled && isatty(2) != 0
    }

    func update(_ done: Int) {
        guard enabled else { return }
        lock.withLock {
            let elapsed = Date().timeIntervalSince(start)
            let fps = elapsed > 0 ? Double(done) / elapsed : 0
            let left = fps > 0 ? Double(total - done) / fps : 0
            let width = 30
            let filled = total > 0 ? width * done / total : width
            let bar = String(repeating: "=", count: filled) + String(repeating: " ", count: width - filled)
            let line = String(format: "\r[%@] %d/%d frames  %.1f fps  %@ left ", bar, done, total, fps, Self.clock(left))
            FileHandle.standardError.write(line.data(using: .utf8)!)
        }
    }

    func finish() {
        guard enabled else { return }
        FileHandle.standardError.write("\r\u{1B}[K".data(using: .utf8)!)
    }

    static func clock(_ s: Double) -> String {
        let t = Int(s.rounded())
        return String(format: "%d:%02d", t / 60, t % 60)
    }
}
