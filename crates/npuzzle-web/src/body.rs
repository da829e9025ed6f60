//! Request bodies are read here, before any handler runs: a declared length over the limit is
//! refused at once with 413 (so a client that sent `Expect: 100-continue` is never told to go
//! on), and a body that does not arrive within [`crate::Config::body_timeout`] gets 408. The
//! handlers then find the whole body in memory.

use crate::{ApiError, BODY_LIMIT};
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::time::Duration;

/// The layer's state: how long a body may take to arrive.
#[derive(Clone, Copy)]
pub(crate) struct BodyTimeout(pub Duration);

fn too_large() -> ApiError {
    ApiError::new(StatusCode::PAYLOAD_TOO_LARGE.as_u16(), format!("request body is larger than the {} KiB limit", BODY_LIMIT / 1024))
}

/// Middleware: checks the declared length, then reads the body within the time allowed.
pub(crate) async fn read_body(State(BodyTimeout(timeout)): State<BodyTimeout>, req: Request, next: Next) -> Response {
    let declared = req
        .headers()
        .get_all(header::CONTENT_LENGTH)
        .iter()
        .map(|v| v.to_str().ok().and_then(|s| s.trim().parse::<u64>().ok()))
        .collect::<Vec<_>>();
    if declared.iter().any(|d| d.is_none_or(|n| n > BODY_LIMIT as u64)) {
        // Over the limit, or not a length at all (the HTTP layer refuses most malformed lengths
        // itself): answered before a byte of the body is read.
        return match declared.iter().any(Option::is_none) {
            true => ApiError::bad_request("bad Content-Length header").into_response(),
            false => too_large().into_response(),
        };
    }
    let (parts, body) = req.into_parts();
    let bytes = match tokio::time::timeout(timeout, axum::body::to_bytes(body, BODY_LIMIT)).await {
        Ok(Ok(bytes)) => bytes,
        Ok(Err(e)) => {
            let limit = std::error::Error::source(&e).is_some_and(|s| s.is::<http_body_util::LengthLimitError>());
            return if limit {
                too_large().into_response()
            } else {
                ApiError::bad_request(format!("could not read the request body: {e}")).into_response()
            };
        }
        Err(_) => {
            let mut res = ApiError::new(
                StatusCode::REQUEST_TIMEOUT.as_u16(),
                format!("the request body did not arrive within {} s", timeout.as_secs_f64()),
            )
            .into_response();
            res.headers_mut().insert(header::CONNECTION, header::HeaderValue::from_static("close"));
            return res;
        }
    };
    next.run(Request::from_parts(parts, Body::from(bytes))).await
}
