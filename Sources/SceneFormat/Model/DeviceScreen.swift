import Raster

/// A device screen a canvas can be sized for (`"canvas": {"device": "iphone-17-pro"}`): its size in points and
/// pixels per point, its safe area in portrait, and where the system draws over the app (the status bar band, the
/// camera's cutout, the home indicator), for the guides (`"safeArea": true`) and `lint`.
///
/// Source of every figure: the device catalog of flutter_device_preview (`device_specs/`, commit 42089cd; the
/// iPhone 16e's at 0bca281), which derives its Apple entries from the Xcode 26.6 simulators (iOS 26.5): the
/// logical size, scale and safe area UIKit reports, the screen's outline with its cutout, and the home indicator's
/// size and distance from the bottom edge. `DeviceScreenTests` checks this table against a copy of those files'
/// figures (Tests/SceneFormatTests/Fixtures/device-specs.json), and every size in pixels against Apple's published
/// resolutions (docs/scene-format.md#devices).
public struct DeviceScreen: Sendable, Hashable {
    /// The name a scene gives (`"iphone-17-pro"`).
    public let id: String
    public let name: String
    /// Points, portrait.
    public let width: Float
    public let height: Float
    /// Pixels per point.
    public let scale: Float
    /// The portrait safe area's insets, points.
    public let safeArea: Insets
    /// The camera's cutout, points (nil: none, as on the iPads).
    public let cutout: Cutout?
    /// The home indicator's width and height and its gap to the bottom edge, points.
    public let homeIndicator: (width: Float, height: Float, bottomGap: Float)

    public struct Insets: Sendable, Hashable {
        public let top: Float, left: Float, bottom: Float, right: Float
    }

    /// What the camera takes out of the screen.
    public enum Cutout: Sendable, Hashable {
        /// The Dynamic Island: a capsule.
        case island(Rect)
        /// The notch: a rectangle hanging from the top edge, its lower corners rounded by `radius`.
        case notch(Rect, radius: Float)
        /// A punch-hole camera: a circle.
        case hole(center: Point, radius: Float)
    }

    public static func == (a: DeviceScreen, b: DeviceScreen) -> Bool { a.id == b.id }
    public func hash(into h: inout Hasher) { h.combine(id) }

    /// The home indicator's rectangle, points.
    public var homeIndicatorFrame: Rect {
        let (w, h, gap) = homeIndicator
        return Rect(x: (width - w) / 2, y: height - gap - h, width: w, height: h)
    }

    /// The status bar's band: the top inset across the screen, points.
    public var statusBar: Rect { Rect(x: 0, y: 0, width: width, height: safeArea.top) }

    /// The rectangles outside the safe area, points: the top band, the bottom band (and the sides, where they
    /// have insets).
    public var unsafeAreas: [Rect] {
        let s = safeArea
        return [Rect(x: 0, y: 0, width: width, height: s.top),
                Rect(x: 0, y: height - s.bottom, width: width, height: s.bottom),
                Rect(x: 0, y: 0, width: s.left, height: height),
                Rect(x: width - s.right, y: 0, width: s.right, height: height)].filter { $0.width > 0 && $0.height > 0 }
    }
}

extension DeviceScreen {
    /// A Dynamic Island iPhone: the island is 125 x 37 pt, 11 pt below the top edge, centred (the catalog's
    /// outlines); the home indicator 5 pt high, 8 pt above the bottom edge.
    static func islandPhone(_ id: String, _ name: String, _ w: Float, _ h: Float, top: Float, indicator: Float) -> DeviceScreen {
        DeviceScreen(id: id, name: name, width: w, height: h, scale: 3, safeArea: Insets(top: top, left: 0, bottom: 34, right: 0),
                     cutout: .island(Rect(x: w / 2 - 62.5, y: 11, width: 125, height: 37)), homeIndicator: (indicator, 5, 8))
    }

    /// An iPad without a home button: no cutout, a 5 pt home indicator 8 pt above the bottom edge.
    static func iPad(_ id: String, _ name: String, _ w: Float, _ h: Float, indicator: Float = 320) -> DeviceScreen {
        DeviceScreen(id: id, name: name, width: w, height: h, scale: 2, safeArea: Insets(top: 32, left: 0, bottom: 25, right: 0),
                     cutout: nil, homeIndicator: (indicator, 5, 8))
    }

    /// Every device a scene can name, in the order the docs list them.
    public static let all: [DeviceScreen] = [
        islandPhone("iphone-17", "iPhone 17", 402, 874, top: 62, indicator: 145),
        islandPhone("iphone-17-pro", "iPhone 17 Pro", 402, 874, top: 62, indicator: 145),
        islandPhone("iphone-17-pro-max", "iPhone 17 Pro Max", 440, 956, top: 62, indicator: 158),
        islandPhone("iphone-air", "iPhone Air", 420, 912, top: 68, indicator: 151),
        DeviceScreen(id: "iphone-16e", name: "iPhone 16e", width: 390, height: 844, scale: 3,
                     safeArea: Insets(top: 47, left: 0, bottom: 34, right: 0),
                     cutout: .notch(Rect(x: 115, y: 0, width: 160, height: 32), radius: 20), homeIndicator: (140, 5, 8)),
        iPad("ipad-pro-11", "iPad Pro 11-inch (M5)", 834, 1210),
        iPad("ipad-pro-13", "iPad Pro 13-inch (M5)", 1032, 1376),
        iPad("ipad-air-11", "iPad Air 11-inch (M4)", 820, 1180),
        iPad("ipad-air-13", "iPad Air 13-inch (M4)", 1024, 1366),
        iPad("ipad-mini", "iPad mini (A17 Pro)", 744, 1133, indicator: 230),
        iPad("ipad", "iPad (A16)", 820, 1180),
        // 1080 x 2424 px at 2.625 px a dp (420 dpi): 411.43 x 923.43 dp, as Android reports it.
        DeviceScreen(id: "pixel-10", name: "Pixel 10", width: 411.43, height: 923.43, scale: 2.625,
                     safeArea: Insets(top: 54, left: 0, bottom: 24, right: 0),
                     cutout: .hole(center: Point(205.33, 33.905), radius: 14.86), homeIndicator: (108, 4, 9)),
    ]

    /// The device a scene names, nil for an unknown name.
    public static func named(_ id: String) -> DeviceScreen? { all.first { $0.id == id } }
}
