/// Who may drive the preview: its own page, loaded from 127.0.0.1, [::1] or localhost on the served port, and
/// nothing else. Binding to loopback keeps other machines out but not other web pages: a page on any site the
/// designer visits can send requests to 127.0.0.1, and one whose domain is re-pointed at 127.0.0.1 (DNS
/// rebinding) can also read the answers, because the browser then treats the preview as that page's own origin.
/// This is the hole of Vite's advisory GHSA-vg6x-rcgg-rjx6 (CVE-2025-24010) and what webpack-dev-server's
/// "Invalid Host header" check closes. So every request passes three checks before any route sees it:
///
/// - `Host` must be `127.0.0.1:<port>`, `[::1]:<port>` or `localhost:<port>` with the port the request came in on
///   (without the port only when it is 80, where browsers leave it out): a rebound domain arrives with its own
///   name in `Host`. Anything else is 421 Misdirected Request.
/// - `Origin`, when present, must be this server's origin as named by that `Host` (`http://` + Host); a
///   cross-origin `fetch` or form post carries the other page's origin (or `null`). 403.
/// - `Sec-Fetch-Site`, when present, must be `same-origin` or `none` (typed in the address bar, a bookmark).
///   `cross-site` and also `same-site` are refused: a page on another port of localhost is same-site but not
///   same-origin. 403. (Browsers before 2020 send no Sec-Fetch-Site; `Host` and `Origin` still hold for them.)
///
/// A header given twice is 400 (which copy would count is exactly what a forger hopes to choose). No response
/// carries a CORS header, so no other origin may read one even where a check above were to let it through.
///
/// The state-changing route, `/export`, also needs `POST` (a link, an `<img>` or a redirect cannot make one) and
/// `token` in the `X-Forkrender-Token` header: 128 random bits per process, embedded in the page. A form cannot
/// set a header, a cross-origin `fetch` with one needs a CORS preflight (an `OPTIONS`, refused with 405), and no
/// other page can read the token out of this one.
public struct PreviewAccess: Sendable {
    /// The export token: 32 lowercase hex digits.
    public let token: String

    public static let tokenHeader = "x-forkrender-token"

    public init(token: String = PreviewAccess.randomToken()) {
        self.token = token
    }

    /// 128 bits from the system's cryptographic generator (`SystemRandomNumberGenerator`: getrandom(2) on Linux,
    /// arc4random_buf on Apple systems), as 32 hex digits.
    public static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }

    /// The hosts a browser names when it loads the page from this server on `port`.
    public static func allowedHosts(port: Int) -> [String] {
        let names = ["127.0.0.1", "[::1]", "localhost"]
        return names.map { "\($0):\(port)" } + (port == 80 ? names : [])
    }

    /// The response refusing `request`, or nil when it may reach the routes.
    public func refusal(_ request: PreviewRequest) -> PreviewResponse? {
        for name in ["host", "origin", "sec-fetch-site", Self.tokenHeader] where request.values(of: name).count > 1 {
            return PreviewResponse(status: 400, text: "header \(name) given more than once")
        }
        guard let host = request.values(of: "host").first?.lowercased(),
              Self.allowedHosts(port: request.port).contains(host) else {
            return PreviewResponse(status: 421, text: "refused: this server answers only requests for http://127.0.0.1:\(request.port)/ " +
                                   "(or [::1], localhost); the Host header names another (DNS rebinding?)")
        }
        if let origin = request.values(of: "origin").first, origin.lowercased() != "http://" + host {
            return PreviewResponse(status: 403, text: "refused: a request from another origin (\(origin.prefix(80)))")
        }
        if let site = request.values(of: "sec-fetch-site").first, site != "same-origin", site != "none" {
            return PreviewResponse(status: 403, text: "refused: a request from another site (Sec-Fetch-Site: \(site.prefix(40)))")
        }
        return nil
    }

    /// 405 unless `request` is a POST, 403 unless it carries the token: what every route that changes files
    /// demands (`button` names the page's control that sends it); nil when allowed.
    public func changeRefusal(_ request: PreviewRequest, button: String) -> PreviewResponse? {
        guard request.method == "POST" else {
            return PreviewResponse(status: 405, text: "\(request.path) changes files: it takes POST from the page's \(button) button",
                                   headers: [("Allow", "POST")])
        }
        guard hasToken(request) else {
            return PreviewResponse(status: 403, text: "refused: \(request.path) needs the page's token (X-Forkrender-Token); use the page's \(button) button")
        }
        return nil
    }

    /// 405 unless `request` is a GET or HEAD: what every route that only reads demands; nil when allowed.
    public static func readRefusal(_ request: PreviewRequest) -> PreviewResponse? {
        guard request.method == "GET" || request.method == "HEAD" else {
            return PreviewResponse(status: 405, text: "\(request.path) takes GET or HEAD", headers: [("Allow", "GET, HEAD")])
        }
        return nil
    }

    /// Whether `request` carries this process's token (compared in time independent of where it differs).
    public func hasToken(_ request: PreviewRequest) -> Bool {
        guard let sent = request.values(of: Self.tokenHeader).first else { return false }
        let a = Array(sent.utf8), b = Array(token.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for i in a.indices { difference |= a[i] ^ b[i] }
        return difference == 0
    }
}
