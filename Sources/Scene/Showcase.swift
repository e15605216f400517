/// The scene `forkrender` renders when no scene file is given: one of each layer, at iPhone size.
/// `forkrender showcase` prints it, as a starting point for new scenes.
public enum Showcase {
    public static let name = "<showcase>"

    public static let json = #"""
    {
      "canvas": {"width": 390, "height": 844, "scale": 3},
      "appearance": "light",
      "platform": "ios26",
      "duration": 4,
      "fps": 30,
      "seed": 7,
      "tilt": [{"t": 0, "pitch": 0.15, "roll": -0.35}, {"t": 4, "pitch": -0.1, "roll": 0.35}],
      "containers": {"controls": {"spacing": 36}},
      "glass": [
        {"id": "nav", "frame": [12, 52, 366, 64], "radius": 32},
        {"id": "left", "container": "controls", "radius": 30,
         "keyframes": [{"t": 0, "frame": [70, 640, 60, 60]}, {"t": 2, "frame": [150, 640, 60, 60]}, {"t": 4, "frame": [70, 640, 60, 60]}]},
        {"id": "right", "container": "controls", "radius": 30, "tint": "systemBlue", "tintOpacity": 0.35,
         "keyframes": [{"t": 0, "frame": [260, 640, 60, 60]}, {"t": 2, "frame": [180, 640, 60, 60]}, {"t": 4, "frame": [260, 640, 60, 60]}]}
      ]
    }
    """#
}
