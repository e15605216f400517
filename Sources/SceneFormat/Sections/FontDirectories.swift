import Content
import Foundation

/// `fontDirs`: folders of font files the scene brings (Besley, say), relative to the scene file, added to
/// fontconfig's application fonts before any label's font is looked up. At most `maxCount` folders.
public enum FontDirectories {
    static let maxCount = 16

    /// `--font-dir`: adds a folder of font files for every scene decoded afterwards; returns the message of a
    /// folder that cannot be used, or nil.
    public static func add(_ folder: String) -> String? {
        do { try FontLibrary.addFontDirectory(folder) } catch { return error.message }
        return nil
    }

    static func decode(_ r: ObjectReader, base: String?) throws(SceneError) {
        let folders = try r.array("fontDirs") { (node, path) throws(SceneError) -> (String, String, JSONNode) in
            (try Value.string(node, path: path), path, node)
        }
        guard folders.count <= maxCount else {
            throw r.fail("fontDirs", "at most \(maxCount) font folders, found \(folders.count)")
        }
        for (folder, path, node) in folders {
            let full = folder.hasPrefix("/") || base == nil ? folder : URL(fileURLWithPath: base!).appendingPathComponent(folder).path
            do {
                try FontLibrary.addFontDirectory(full)
            } catch {
                throw SceneError(path: path, location: node.location, message: error.message)
            }
        }
    }
}
