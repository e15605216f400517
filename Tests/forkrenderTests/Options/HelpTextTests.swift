import Foundation
import Testing

/// The whole help of every command, as the built binary prints it: laid out as swift-argument-parser lays it
/// out (OVERVIEW / USAGE / ARGUMENTS / OPTIONS, descriptions from column 26, wrapped at 80, `(default: …)`).
/// A change to any option's words, default or order shows here, where a reviewer reads it as a user would.
@Suite struct HelpTextTests {
    static let expected: [(arguments: [String], text: String)] = [
        ([], """
            OVERVIEW: Render FORK design-language scenes (dot plane, glass, content) to PNG
            frames and video previews.

            USAGE: forkrender [<scene.json>] [-o <folder>|-] [--video <file>] [<options>]
                   forkrender <subcommand> [<arguments>] [<options>]

            ARGUMENTS:
              <scene.json>            The scene file (see docs/scene-format.md). Without
                                      one, the built-in showcase.

            OPTIONS:
              -o, --output <folder|-> Write 0000.png, 0001.png, ... into a folder; '-'
                                      streams the PNGs to stdout. (default: frames, unless
                                      --video is given)
              --clean                 Remove the folder's NNNN.png frames this render will
                                      not overwrite (refused without it), before the first
                                      frame is written.
              --video <file>          Encode a video with ffmpeg from raw frames (.mp4,
                                      .mov, .webm, .gif).
              --frames <list>         Render only these frames (with --video: one run of
                                      consecutive frames): indices and inclusive ranges
                                      (0,45,90-119; 30..59, 30.., ..59).
              --shard <i/n|env>       Render the i-th of n contiguous slices of the frames
                                      (0-based); env reads FORKRENDER_SHARD,
                                      JOB_COMPLETION_INDEX/JOB_COMPLETIONS,
                                      CI_NODE_INDEX/CI_NODE_TOTAL or SLURM_ARRAY_TASK_*.
              --threads <n>           Worker threads; the bytes never depend on it.
                                      (default: all cores)
              --png-level <0-9>       Compress the PNGs with zlib at this level, with zlib's
                                      Z_FILTERED strategy (libpng's own for filtered rows);
                                      0 stores them uncompressed. (default: ISA-L's igzip at
                                      its level 0, chosen by measurement:
                                      docs/performance.md)
              --depth <8|16>          Bits per channel of the PNGs. (default: 8)
              --scale <s>             Override the canvas scale (pixels per point), e.g. 1
                                      for quick previews.
              --tilt-sweep            Replace the scene's tilt with a sweep across the full
                                      range (previews every highlight).
              --tier <tier>           Render for this glass tier's device, as the tier
                                      sheet's column: frosted is iOS 18, opaque is iOS 26
                                      with Reduce Transparency. A panel that names its own
                                      tier keeps it. (values: liquid, frosted, web, android,
                                      android-legacy, opaque) (default: the scene's
                                      platform)
              --background <transparent|color>
                                      Replace the plane's background: 'transparent' writes
                                      frames whose alpha is the plane's coverage (PNG, .mov
                                      ProRes 4444, .webm VP9), or a color (#RRGGBB, a
                                      token). (default: the scene's canvas.background, else
                                      systemGroupedBackground)
              --appearance <appearance>
                                      Render in this appearance. (values: light, dark)
                                      (default: the scene's)
              --max-megapixels <n>    Refuse canvases above this size. (default: 64)
              --max-memory <GB>       Refuse renders whose memory estimate is above this
                                      (docs/limits.md). (default: 8)
              --strict                Treat warnings as errors (a font that falls back to
                                      another face, a library's message while drawing an
                                      icon).
              --font-dir <folder>     Add a folder of font files before looking up faces,
                                      e.g. one holding Besley (repeatable).
              -q, --quiet             Print nothing but errors and warnings.
              --version               Show the version.
              --verbose               With --version: also the libraries and font files that
                                      shape the frames (the fingerprint check --update
                                      writes into references).
              --generate-completion-script <shell>
                                      Print the completion script for this shell: commands,
                                      options, their values and scene files. (values: bash,
                                      zsh, fish)
              --generate-manual       Print the manual page forkrender(1), made from the
                                      same option tables as this help.
              -h, --help              Show help information.

            SUBCOMMANDS:
              sheet                   One frame in every glass tier, light and dark, as a
                                      labelled grid.
              lint                    Legibility report: contrast of every label against the
                                      pixels behind it.
              diff                    Compare two PNGs (pixelmatch's perceptual YIQ
                                      distance, anti-aliasing aware).
              check                   Render scenes and compare them with reference PNGs
                                      (visual regression).
              merge-reports           Merge the report folders of a sharded check into one
                                      report and exit status.
              review                  Serve a check report on 127.0.0.1 to accept or reject
                                      its frames.
              preview                 A live page on 127.0.0.1: scrub time, drag tilt,
                                      switch tiers (docs/preview.md).
              showcase                Print the built-in showcase scene, a starting point
                                      for your own.
              help                    Show subcommand help information.

              See 'forkrender help <subcommand>' for detailed help.

            EXAMPLES:
              forkrender scenes/dots-tap.json -o frames/
              forkrender scenes/dots-tap.json -o - | ffmpeg -f image2pipe -c:v png -i - out.mp4
              forkrender scenes/dots-tap.json --video preview.mp4 --frames 0..59

            EXIT STATUS: 0 success, 1 a check failed, 2 an error that a retry meets again
            (usage, a scene that never renders, unreadable input, an impossible output
            path), 3 output the machine failed to write (full disk, I/O error, ffmpeg
            failing: a retry may succeed), 130 interrupted.

            """),
        (["sheet"], """
            OVERVIEW: Render one frame of a scene in every glass tier (liquid, frosted, web,
            android, android-legacy, opaque), light and dark, as one labelled grid.

            USAGE: forkrender sheet [<scene.json>] -o <sheet.png> [--frame <n> | --frames <list>] [--scale <s>]

            ARGUMENTS:
              <scene.json>            The scene (default: the built-in showcase).

            OPTIONS:
              -o, --output <file.png> Where to write the sheet. (default: sheet.png)
              --frame <n>             The frame to show. (default: the middle frame)
              --frames <list>         One sheet per frame, <output>-NNNN.png (one frame:
                                      <output> itself): indices and inclusive ranges
                                      (0,45,90-119; 30..59, 30.., ..59).
              --scale <s>             Pixels per point of each cell. (default: 1)
              --tilt-sweep            Show each tier as a strip of 5 tilts across the full
                                      range (roll -0.6 to 0.6 rad, pitch 0.3 to -0.3).
              --font-dir <folder>     Add a folder of font files before looking up faces,
                                      e.g. one holding Besley (repeatable).
              --threads <n>           Worker threads; the bytes never depend on it.
                                      (default: all cores)
              -q, --quiet             Print nothing but errors.
              -h, --help              Show help information.

            """),
        (["lint"], """
            OVERVIEW: Measure the contrast of every label and symbol on the pixels behind it
            (WCAG 2 and APCA) and check the material guidance.

            USAGE: forkrender lint <scene.json> [--strict] [--json] [--scale <s>] [--threads <n>]

            ARGUMENTS:
              <scene.json>            The scene file.

            OPTIONS:
              --strict                Exit 1 when anything is flagged; a missing font
                                      becomes an error.
              --font-dir <folder>     Add a folder of font files before looking up faces,
                                      e.g. one holding Besley (repeatable).
              --json                  Print the report as JSON for tools.
              --scale <s>             Render at this scale (pixels per point); the figures
                                      do not depend on it, so 1 is quickest. (default: the
                                      scene's)
              --frames <list>         Measure only these frames: indices and inclusive
                                      ranges (0,45,90-119; 30..59, 30.., ..59). (default:
                                      all)
              --map <file>            Write a PNG of the frame where the worst contrast
                                      fails, dimmed: each item's failing pixels red, passing
                                      green, outlined red when flagged.
              --threads <n>           Worker threads; the bytes never depend on it.
                                      (default: all cores)
              -h, --help              Show help information.

            EXIT STATUS: 0 no flags (or not --strict), 1 something flagged under --strict, 2
            usage or scene error.

            """),
        (["diff"], """
            OVERVIEW: Compare two PNGs with pixelmatch's perceptual color distance and
            anti-aliasing detection.

            USAGE: forkrender diff <expected.png> <actual.png> [-o <diff.png>] [<options>]

            ARGUMENTS:
              <expected.png>          The reference image (any PNG: 8 or 16 bit, gray,
                                      palette, alpha).
              <actual.png>            The image to check, of the same size.

            OPTIONS:
              -o, --output <diff.png> Write the diff image: differences red over a faded
                                      grey expected image.
              --panels <panels.png>   Write expected | diff | actual side by side.
              --threshold <0-1>       Per-pixel YIQ tolerance: 0 flags any change, 1
                                      nothing. (default: 0.1)
              --max-diff-pixels <n>   Pass an image with at most n different pixels.
                                      (default: 0)
              --max-diff-ratio <r>    Pass an image with at most this fraction (0-1) of its
                                      pixels different.
              --ignore-antialiasing   Do not count pixels detected as anti-aliased edges
                                      (drawn yellow in a diff image).
              --mask <x,y,w,h>        Leave a rectangle of pixels out (repeatable).
              --max-megapixels <n>    Refuse inputs above this size (read from the PNG
                                      header). (default: 64)
              --threads <n>           Worker threads; the bytes never depend on it.
                                      (default: all cores)
              -q, --quiet             Print nothing; the exit status tells.
              -h, --help              Show help information.

            EXAMPLES:
              forkrender diff refs/tap/0030.png frames/0030.png -o diff.png
              forkrender diff a.png b.png --threshold 0.05 --max-diff-ratio 0.001 --mask 0,0,1170,150

            EXIT STATUS: 0 within tolerance, 1 different (a size mismatch is a difference),
            2 usage error or unreadable input.

            """),
        (["check"], """
            OVERVIEW: Render scenes and compare their frames with reference PNGs (visual
            regression).

            USAGE: forkrender check <scenes-or-folders>... --references <folder> [<options>]

            ARGUMENTS:
              <scenes-or-folders>     Scene files, or folders whose .json files are all
                                      checked, subfolders too (not invalid/, hidden ones, or
                                      what a .forkrenderignore names).

            OPTIONS:
              -r, --references <folder>
                                      Reference PNGs: <folder>/<scene>/<frame>.png, <scene>
                                      being the scene's path under the scenes' root without
                                      .json, e.g. refs/ios/home/0012.png.
              --scenes-root <folder>  The folder scene paths are taken relative to for their
                                      reference folders. (default: the deepest folder
                                      holding every scene given)
              --update <mode>         Write references: none, missing, changed (also those
                                      that differ) or all. Never on CI. (default: missing,
                                      or none on CI)
              --frames <list>         Frames to check in every scene: indices and inclusive
                                      ranges (0,45,90-119; 30..59, 30.., ..59). (default:
                                      check.frames, else first, middle, last)
              --report <folder>       Write index.html and expected, actual, diff PNGs of
                                      failures.
              --junit <file>          Write a JUnit XML report for CI systems.
              --shard <i/n|env>       Check the i-th of n contiguous blocks of the run's
                                      (scene, frame) pairs (0-based); needs --report, where
                                      check-result.json is left for merge-reports; env reads
                                      FORKRENDER_SHARD,
                                      JOB_COMPLETION_INDEX/JOB_COMPLETIONS,
                                      CI_NODE_INDEX/CI_NODE_TOTAL or SLURM_ARRAY_TASK_*.
              --review                After the run, serve the report on 127.0.0.1 to accept
                                      or reject each frame (needs --report; Ctrl-C stops
                                      it).
              --port <n>              The review server's port on 127.0.0.1 and ::1; 0 picks
                                      a free one. (default: 8041)
              --threshold <0-1>       Per-pixel YIQ tolerance: 0 flags any change, 1
                                      nothing. (default: check.threshold, else 0 for a
                                      reference of this renderer's fingerprint, 0.1 for
                                      another's)
              --max-diff-pixels <n>   Pass an image with at most n different pixels.
                                      (default: 0 for this renderer's references; for
                                      another's, any number unless 8 gather in a 16x16 px
                                      square)
              --max-diff-ratio <r>    Pass an image with at most this fraction (0-1) of its
                                      pixels different.
              --ignore-antialiasing   Do not count pixels detected as anti-aliased edges
                                      (drawn yellow in a diff image).
              --cluster <window:pixels>
                                      Fail a frame when one window x window px square holds
                                      this many different pixels (16:8). (default:
                                      check.cluster, else none for this renderer's
                                      references)
              --scale <s>             Override every scene's check.scale and canvas scale
                                      (the golden suite uses 1).
              --threads <n>           Worker threads; the bytes never depend on it.
                                      (default: all cores)
              --max-megapixels <n>    Refuse canvases above this size. (default: 64)
              -q, --quiet             Print only frames that did not pass, and the totals.
              -h, --help              Show help information.

            EXAMPLES:
              forkrender check scenes/ --references refs/                      # record missing, compare the rest
              forkrender check scenes/ --references refs/ --report out/ --junit out/check.xml
              forkrender check scenes/dots-tap.json --references refs/ --update changed
              forkrender check scenes/ --references Tests/GoldenTests/References --scale 1   # the golden suite
              forkrender check scenes/ --references refs/ --shard env --report shard-$CI_NODE_INDEX/   # one CI runner
              forkrender merge-reports shard-*/ -o report/                     # then one report and exit status

            DEFAULTS: a reference recorded by this renderer (its fingerprint, `forkrender
            --version --verbose`) is compared exactly: threshold 0, no pixel, anti-aliasing
            counted. One from another renderer (other FreeType, HarfBuzz, librsvg or fonts)
            is compared with the tolerance measured between renderers, and every frame so
            compared says so, naming what differs. A scene's check section overrides both;
            the options override the scene.

            EXIT STATUS: 0 every frame passed (or was recorded as asked), 1 a frame differs
            or its reference is missing, 2 usage error, invalid scene, unreadable reference
            or unwritable output, 3 output the machine failed to write (full disk, I/O
            error: a retry may succeed).

            """),
        (["merge-reports"], """
            OVERVIEW: Merge the report folders of 'forkrender check --shard i/n --report
            <folder>' runs into the JUnit file, HTML report and exit status of one unsharded
            run.

            USAGE: forkrender merge-reports <shard-folder>... -o <folder> [--junit <file>]

            ARGUMENTS:
              <shard-folder>          A shard's --report folder, holding its
                                      check-result.json; every shard of the run once.

            OPTIONS:
              -o, --output <folder>   Write index.html, check-result.json and the review
                                      images of the merged run here.
              --junit <file>          Write the merged JUnit XML report here. (default:
                                      <folder>/junit.xml)
              -q, --quiet             Print only frames that did not pass, and the totals.
              -h, --help              Show help information.

            EXAMPLES:
              forkrender check scenes/ --references refs/ --shard 0/2 --report shard-0/   # one runner
              forkrender check scenes/ --references refs/ --shard 1/2 --report shard-1/   # another
              forkrender merge-reports shard-*/ -o report/ --junit report/junit.xml

            Refused, naming the folders: shards of different counts, a missing or repeated
            index, another renderer fingerprint, or other scenes, frames or options.

            EXIT STATUS: as one unsharded 'forkrender check' of the same frames: 0 every
            frame passed, 1 a frame differs or its reference is missing, 2 an unreadable
            reference, a usage error, or shards that do not make one run.

            """),
        (["review"], """
            OVERVIEW: Serve a check report (the folder of 'forkrender check --report') on
            127.0.0.1: Accept writes a frame as its reference, Reject records the decision;
            decisions.json in the report folder keeps both.

            USAGE: forkrender review <report-folder> [--port <n>]

            ARGUMENTS:
              <report-folder>         The folder 'forkrender check --report' wrote
                                      (index.html, review.json and the frames' PNGs).

            OPTIONS:
              --port <n>              The review server's port on 127.0.0.1 and ::1; 0 picks
                                      a free one. (default: 8041)
              -h, --help              Show help information.

            EXAMPLES:
              forkrender check scenes/ --references refs/ --report out/
              forkrender review out/                 # then open the printed URL; Ctrl-C stops it
              forkrender check scenes/ --references refs/ --report out/ --review

            EXIT STATUS: 130 when stopped with Ctrl-C, 2 usage error, a folder without a
            report, or a port in use.

            """),
        (["preview"], """
            OVERVIEW: Serve a live preview page of a scene: scrub time, drag tilt, switch
            tiers, read legibility; re-rendered when the file is saved.

            USAGE: forkrender preview [<scene.json>] [--port <n>] [--scale <s>] [--export <folder>]

            ARGUMENTS:
              <scene.json>            The scene file. Without one, a copy of the built-in
                                      showcase in a temporary folder (its path is printed;
                                      saving it re-renders).

            OPTIONS:
              --port <n>              The port on 127.0.0.1 and ::1; 0 picks a free one.
                                      (default: 8040)
              --scale <s>             Pixels per point of the previewed frames. (default: 1)
              --export <folder>       Let the page's Export button write the current frame
                                      (PNG) and the timeline (timeline.mp4) here. (default:
                                      export off)
              --font-dir <folder>     Add a folder of font files before looking up faces,
                                      e.g. one holding Besley (repeatable).
              --threads <n>           Worker threads; the bytes never depend on it.
                                      (default: all cores)
              --max-memory <GB>       Refuse a scene whose preview's memory estimate (4
                                      compositors and the frame cache) is above this.
                                      (default: 8)
              -h, --help              Show help information.

            EXIT STATUS: 130 when stopped with Ctrl-C, 2 usage or scene error or a port in
            use.

            """),
        (["showcase"], """
            OVERVIEW: Print the built-in showcase scene (the one forkrender renders without
            a scene file) as JSON, a starting point for your own.

            USAGE: forkrender showcase

            OPTIONS:
              -h, --help              Show help information.

            """),
        (["help"], """
            OVERVIEW: Show the help of forkrender or of one of its subcommands.

            USAGE: forkrender help [<subcommand>]

            ARGUMENTS:
              <subcommand>            The subcommand to describe; without one, forkrender
                                      itself.

            OPTIONS:
              -h, --help              Show help information.

            """),
    ]

    @Test(arguments: 0..<expected.count)
    func fullHelpOfEveryCommand(_ i: Int) throws {
        let (arguments, text) = Self.expected[i]
        for flag in ["--help", "-h"] {
            let r = try CLI.run(arguments + [flag])
            #expect(r.status == 0)
            #expect(r.stderr.isEmpty)
            #expect(r.out == text, "\(arguments + [flag]) prints:\n\(r.out)")
        }
    }

    /// The layout rules themselves, over every command's help, so that a text re-recorded by mistake with a
    /// broken layout still fails: every description in OPTIONS, ARGUMENTS and SUBCOMMANDS starts at column 26
    /// (a label too long for that stands alone on its line), no line but a usage line or an example passes
    /// column 80, and `-h, --help` ends the options.
    @Test func labelsInAFixedColumnAndLinesWithin80Columns() {
        for (arguments, text) in Self.expected {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            var section = ""
            for (n, line) in lines.enumerated() {
                if let first = line.first, first != " ", let colon = line.firstIndex(of: ":"),
                   line[..<colon] == line[..<colon].uppercased() {
                    section = String(line[..<colon])
                }
                if ["OPTIONS", "ARGUMENTS", "SUBCOMMANDS"].contains(section), line.hasPrefix("  "), !line.hasPrefix("  See ") {
                    let chars = Array(line)
                    if chars.count > 26 && chars[25] == " " && chars[26] != " " { continue }
                    // Otherwise a label too long for the column, alone, its description on the next line.
                    let next = n + 1 < lines.count ? Array(lines[n + 1]) : []
                    #expect(chars.count >= 26 && !line.dropFirst(2).contains("  ")
                            && next.count > 26 && next[..<26].allSatisfy { $0 == " " } && next[26] != " ",
                            "\(arguments): not at column 26: '\(line)'")
                }
                if section != "USAGE" && !line.hasPrefix("  forkrender ") {
                    #expect(line.count <= 80, "\(arguments): longer than 80 columns: '\(line)'")
                }
            }
            let options = lines.drop { $0 != "OPTIONS:" }.dropFirst().prefix { !$0.isEmpty }
            #expect(options.last == "  -h, --help              Show help information.", "\(arguments)")
        }
    }
}
