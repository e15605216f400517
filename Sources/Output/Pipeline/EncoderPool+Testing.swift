#if os(Linux)
import Glibc
import SceneFormat
import Compose

// Test hooks of the encoder pool (internal, reached through `@testable import Scene`).

extension EncoderPool {
    /// The calling thread's nice value (tests check that encoders run nicer than the render).
    static var currentNiceness: Int32 { getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) }
}
#endif
