//! The page's files, embedded in the binary: the playground works offline and loads nothing
//! from elsewhere (its Content-Security-Policy allows this server only).

use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};

const PAGE: &str = include_str!("assets/index.html");
const STYLE: &str = include_str!("assets/style.css");
const SCRIPT: &str = include_str!("assets/app.js");

/// A file with its type and the headers every page gets.
fn asset(content_type: &'static str, text: &'static str) -> Response {
    let mut response = text.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
        ),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    response
}

/// `GET /`: the playground.
pub(crate) fn page() -> Response {
    asset("text/html; charset=utf-8", PAGE)
}

/// `GET /style.css`.
pub(crate) fn style() -> Response {
    asset("text/css; charset=utf-8", STYLE)
}

/// `GET /app.js`.
pub(crate) fn script() -> Response {
    asset("text/javascript; charset=utf-8", SCRIPT)
}
