import Foundation
import SceneFormat
import Compose
import Output

/// What every section of `forkrender bench` measures: the scene, as the render command decodes it, and the run's
/// settings.
public struct BenchRun: Sendable {
    public var document: SceneDocument
    /// The scene file given, nil for the showcase.
    public var file: String?
    /// What the reports call the scene: its file's name, or "showcase".
    public var name: String
    /// Frames per run, at most the scene's.
    public var frames: Int
    public var threadCounts: [Int]
    public var scale: Float?

    /// `requestedFrames` is capped at the scene's frames; `header` notes the cap.
    public init(document: SceneDocument, file: String?, requestedFrames: Int, threadCounts: [Int], scale: Float?) {
        self.document = document
        self.file = file
        self.name = file.map { ($0 as NSString).lastPathComponent } ?? "showcase"
        self.frames = min(requestedFrames, document.frameCount)
        self.requestedFrames = requestedFrames
        self.threadCounts = threadCounts
        self.scale = scale
    }

    private var requestedFrames: Int

    /// The lines printed before any section: the build, the machine and the scene.
    public func header(version: String) -> String {
        var lines: [String] = []
        #if DEBUG
        lines.append("warning: this is a debug build; figures are meaningless. Use: swift run -c release forkrender bench")
        #endif
        lines.append("forkrender \(version) bench on \(ProcessInfo.processInfo.activeProcessorCount) cores: \(name), "
                     + "\(document.canvas.pixelWidth)x\(document.canvas.pixelHeight), \(document.frameCount) frames at \(Value.format(document.fps)) fps, "
                     + "\(document.glass.panels.count) glass panels, \(document.content.items.count) content items")
        if requestedFrames > document.frameCount {
            lines.append("note: --frames \(requestedFrames) is more than the scene's \(document.frameCount) frames: \(document.frameCount) per run")
        }
        return lines.joined(separator: "\n")
    }

    /// A section's report after a blank line, under its title.
    public static func titled(_ title: String?, _ report: String) -> String {
        "\n" + (title.map { $0 + "\n" } ?? "") + report
    }
}
