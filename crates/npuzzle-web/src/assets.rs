//! The page's files, embedded in the binary: HTML, CSS, and the JavaScript modules the browser
//! loads as they are (no build step). [`FILES`] is the one list of them; a test checks it
//! against the `static/` folder, so a module added there and forgotten here fails the tests
//! (`scripts/build-site` copies the folder whole).

use axum::extract::Request;
use axum::http::{header, Method};
use axum::response::{IntoResponse, Response};

/// Declares the embedded files: `"path" => "content type"`, each read from `static/`.
macro_rules! files {
    ($($path:literal => $kind:expr,)*) => {
        /// Every file of the page: its path under `/`, its content type and its text.
        pub const FILES: &[(&str, &str, &str)] = &[
            $(($path, $kind, include_str!(concat!("../static/", $path))),)*
        ];
    };
}

const JS: &str = "text/javascript; charset=utf-8";
/// TypeScript declarations are served as text, for readers of the page's sources.
const TS: &str = "text/plain; charset=utf-8";

files! {
    "index.html" => "text/html; charset=utf-8",
    "style.css" => "text/css; charset=utf-8",
    "favicon.svg" => "image/svg+xml",
    "manifest.webmanifest" => "application/manifest+json",
    "sw.js" => JS,
    "js/api.d.ts" => TS,
    "js/controller/audit-tab.js" => JS,
    "js/controller/compare-tab.js" => JS,
    "js/controller/controller.js" => JS,
    "js/controller/local-tab.js" => JS,
    "js/controller/setup.js" => JS,
    "js/controller/solution-tab.js" => JS,
    "js/controller/teachers-kit.js" => JS,
    "js/controller/tree-tab.js" => JS,
    "js/engine/engine.js" => JS,
    "js/engine/offline.js" => JS,
    "js/engine/ndjson.js" => JS,
    "js/engine/worker.js" => JS,
    "js/main.js" => JS,
    "js/model/audit.js" => JS,
    "js/model/describe.js" => JS,
    "js/model/format.js" => JS,
    "js/model/layout.js" => JS,
    "js/model/link.js" => JS,
    "js/model/local.js" => JS,
    "js/model/options.js" => JS,
    "js/model/replay.js" => JS,
    "js/model/settings.js" => JS,
    "js/model/state.js" => JS,
    "js/model/worksheet.js" => JS,
    "js/views/announce.js" => JS,
    "js/views/audit.js" => JS,
    "js/views/board.js" => JS,
    "js/views/compare.js" => JS,
    "js/views/depth.js" => JS,
    "js/views/dom.js" => JS,
    "js/views/embed.js" => JS,
    "js/views/export.js" => JS,
    "js/views/form.js" => JS,
    "js/views/frontier.js" => JS,
    "js/views/legend.js" => JS,
    "js/views/local.js" => JS,
    "js/views/minimap.js" => JS,
    "js/views/own.js" => JS,
    "js/views/playback.js" => JS,
    "js/views/pseudocode.js" => JS,
    "js/views/status.js" => JS,
    "js/views/tree-node.js" => JS,
    "js/views/tree.js" => JS,
    "js/views/worksheet.js" => JS,
    "npuzzle_wasm.d.ts" => TS,
}

/// The file at `path` (without the leading `/`), if the page has one.
pub fn file(path: &str) -> Option<(&'static str, &'static str)> {
    FILES.iter().find(|(p, _, _)| *p == path).map(|&(_, kind, text)| (kind, text))
}

fn answer(kind: &'static str, text: &'static str) -> Response {
    ([(header::CONTENT_TYPE, kind), (header::CACHE_CONTROL, "no-cache")], text).into_response()
}

/// `GET /`: the page.
pub async fn index() -> Response {
    let (kind, text) = file("index.html").expect("the page is embedded");
    answer(kind, text)
}

/// Any other path: the page's file there (GET or HEAD), or the API's 404.
pub async fn serve(req: Request) -> Response {
    let path = req.uri().path().trim_start_matches('/');
    let path = if path == "favicon.ico" { "favicon.svg" } else { path };
    match file(path) {
        Some((kind, text)) if req.method() == Method::GET || req.method() == Method::HEAD => answer(kind, text),
        _ => crate::not_found().await.into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn walk(dir: &Path, base: &Path, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, base, out);
            } else {
                out.push(path.strip_prefix(base).unwrap().to_string_lossy().replace('\\', "/"));
            }
        }
    }

    #[test]
    fn every_file_of_the_static_folder_is_embedded_and_no_other() {
        let base = Path::new(env!("CARGO_MANIFEST_DIR")).join("static");
        let mut on_disk = Vec::new();
        walk(&base, &base, &mut on_disk);
        on_disk.sort();
        let mut listed: Vec<String> = FILES.iter().map(|(p, _, _)| p.to_string()).collect();
        listed.sort();
        assert_eq!(listed, on_disk);
        for (path, kind, _) in FILES {
            if path.ends_with(".js") || path.ends_with(".mjs") {
                assert_eq!(*kind, JS, "{path}");
            }
        }
    }
}
