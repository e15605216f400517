/// The luma weights of the standards a video stream's `color_space` tag names (each matrix is fixed by its Kr,
/// Kb): what a decoded scene records of a backdrop video's colours, and what Media's `YUVToRGB` converts by.
public enum YUVMatrix: String, Sendable, CaseIterable {
    /// ITU-R BT.601 (SMPTE 170M, BT.470 BG): standard definition.
    case bt601
    /// ITU-R BT.709: high definition.
    case bt709
    /// SMPTE 240M, the 1990s HD matrix.
    case smpte240m
    /// ITU-R BT.2020, non-constant luminance.
    case bt2020
    /// FCC 47 CFR 73.682, the 1953 NTSC weights.
    case fcc

    /// (Kr, Kb).
    public var weights: (kr: Double, kb: Double) {
        switch self {
        case .bt601: (0.299, 0.114)
        case .bt709: (0.2126, 0.0722)
        case .smpte240m: (0.212, 0.087)
        case .bt2020: (0.2627, 0.0593)
        case .fcc: (0.30, 0.11)
        }
    }
}
