@testable import Dots
import Raster

/// A small plane for experiments: no ambient waves unless asked, light appearance, canvas in points.
func testPlane(width: Float = 210, height: Float = 210, appearance: Appearance = .light,
               events: [PlaneEvent] = [], attachments: [PlaneFieldAttachment] = [],
               configure: (inout PlaneConfiguration) -> Void = { _ in }) -> Plane {
    var c = PlaneConfiguration(canvas: Rect(x: 0, y: 0, width: width, height: height), appearance: appearance)
    c.ambient.enabled = false
    configure(&c)
    return Plane(configuration: c, events: events, attachments: attachments)
}

func length(_ p: Point) -> Float { (p * p).sum().squareRoot() }

/// All dots' states.
func dots(_ plane: Plane) -> [DotState] { (0..<plane.dotCount).map { plane.dot($0) } }
