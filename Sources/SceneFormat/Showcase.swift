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
      "plane": {"ambient": {"first": 0.3}},
      "events": [
        {"type": "tap", "at": [195, 330], "t": 0.4},
        {"type": "drag", "mode": "vortex", "points": [[80, 480], [300, 420], [240, 600]], "t": 1.4, "duration": 1.6}
      ],
      "containers": {"controls": {"spacing": 36}},
      "glass": [
        {"id": "nav", "frame": [12, 52, 366, 64], "radius": 32},
        {"id": "left", "container": "controls", "radius": 30,
         "keyframes": [{"t": 0, "frame": [70, 700, 60, 60]}, {"t": 2, "frame": [150, 700, 60, 60]}, {"t": 4, "frame": [70, 700, 60, 60]}]},
        {"id": "right", "container": "controls", "radius": 30, "tint": "systemBlue", "tintOpacity": 0.35,
         "keyframes": [{"t": 0, "frame": [260, 700, 60, 60]}, {"t": 2, "frame": [180, 700, 60, 60]}, {"t": 4, "frame": [260, 700, 60, 60]}]}
      ],
      "content": [
        {"id": "title", "text": "Field Notes", "font": "serif", "size": 22, "weight": "bold", "on": "nav", "at": [24, 40]},
        {"id": "caption", "text": "TAP · HOLD · DRAG", "font": "mono", "size": 12, "at": [24, 160], "vibrancy": "secondaryLabel"}
      ]
    }
    """#
}
