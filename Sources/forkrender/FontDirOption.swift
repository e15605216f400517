import Scene

/// `--font-dir <folder>` (repeatable): fontconfig application font folders, added before the scene is decoded,
/// so a label asking for Besley (the FORK serif, which no Debian package ships) finds it.
let fontDirOption = OptionSpec(name: "--font-dir", value: "folder",
                               help: "Add a folder of font files before looking up faces, e.g. one holding Besley (repeatable).",
                               repeatable: true)

/// Adds every `--font-dir` folder; a missing folder is a usage error.
func addFontDirectories(_ p: ParsedArguments) throws(UsageError) {
    for folder in p.all("--font-dir") {
        if let problem = FontDirectories.add(folder) { throw UsageError(message: "Invalid '--font-dir': \(problem)") }
    }
}
