#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The C functions that `ProcessGroup`'s and `ErrorTail`'s methods of the same names shadow.
func systemRead(_ fd: Int32, _ p: UnsafeMutableRawPointer, _ n: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.read(fd, p, n)
    #else
    return Darwin.read(fd, p, n)
    #endif
}

func systemWrite(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.write(fd, p, n)
    #else
    return Darwin.write(fd, p, n)
    #endif
}

func systemKill(_ pid: pid_t, _ sig: Int32) -> Int32 {
    #if canImport(Glibc)
    return Glibc.kill(pid, sig)
    #else
    return Darwin.kill(pid, sig)
    #endif
}
