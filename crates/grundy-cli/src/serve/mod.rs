//! `grundy serve`: a local web playground and a JSON API over the library, on 127.0.0.1 by
//! default.
//!
//! A front end like the rest of the binary: it reads requests, calls the library once per
//! request ([`api`]), and answers with the command line's JSON and error wording. It is bounded:
//! request bodies ([`MAX_BODY_BYTES`], 413), the library's limits and a deadline per computation
//! ([`grundy::Config`], 422 when they refuse), a cap on concurrent computations with a bounded
//! queue ([`gate`], 503 beyond it), a cap on open connections, and an idle timeout on each. No
//! request reads a file: scripts come as text in the request.

mod api;
mod assets;
mod games;
mod gate;

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use clap::Args;
use grundy::Config;
use http_body_util::BodyExt as _;

use self::api::Reply;
use self::gate::Gate;

/// The largest request body read: the largest script the command line reads, and a little more
/// for the other fields.
pub(crate) const MAX_BODY_BYTES: usize = (1 << 20) + (16 << 10);

/// The most connections open at once; more wait to be accepted.
const MAX_CONNECTIONS: usize = 512;

/// The largest answer sent (16 MiB): a table of a million heaps as wide text is 21 MB, and a page
/// has no use for more; each answer is held whole until it is written.
const MAX_ANSWER_BYTES: usize = 16 << 20;

/// How long a connection may take to send a request's headers (and stay idle between requests).
const IDLE_TIMEOUT: Duration = Duration::from_secs(15);

/// How long a request may take to send its body once its headers are in.
const BODY_TIMEOUT: Duration = Duration::from_secs(15);

/// The default deadline of one computation, in seconds.
const DEFAULT_TIMEOUT_SECONDS: &str = "10";

/// The default memory limit of one computation.
const DEFAULT_MAX_MEMORY: &str = "512M";

/// The arguments of `grundy serve`.
#[derive(Args, Debug)]
pub(crate) struct ServeArgs {
    /// The port to listen on (0: any free port; the line `listening on http://ADDRESS:PORT/`
    /// on stdout names it).
    #[arg(long, default_value_t = 8421)]
    port: u16,
    /// The address to listen on. The default accepts connections from this machine only; the
    /// server has no authentication, so think twice before binding 0.0.0.0.
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1")]
    bind: IpAddr,
    /// Open the page in the system's browser (xdg-open or open); without one, print the address
    /// only.
    #[arg(long)]
    open: bool,
    /// The most values, table cells or positions one request may compute (as for solve).
    #[arg(long, value_name = "L", allow_hyphen_values = true)]
    max: Option<String>,
    /// The most memory one computation may hold, e.g. 256M or 2G.
    #[arg(long, value_name = "SIZE", default_value = DEFAULT_MAX_MEMORY, allow_hyphen_values = true)]
    max_memory: String,
    /// The deadline of one computation in seconds (e.g. 10 or 2.5): past it the request is
    /// refused (422).
    #[arg(long, value_name = "SECONDS", default_value = DEFAULT_TIMEOUT_SECONDS, allow_hyphen_values = true)]
    timeout: String,
    /// The most computations at once (default: the number of cores), in each of two lanes: a
    /// computation past its first 100 ms moves to the lane of long ones and frees its turn for
    /// cheap questions. Each runs on one thread.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
    max_concurrent: Option<u64>,
    /// The most requests waiting for a turn to compute; a request beyond them is answered 503 at
    /// once.
    #[arg(long, value_name = "N", default_value_t = 16, value_parser = clap::value_parser!(u64).range(0..=100_000))]
    queue: u64,
}

/// What every request shares.
#[derive(Debug)]
struct Shared {
    /// The library's limits for one computation.
    config: Config,
    /// The limits as given, for `/api/status`.
    limits: Limits,
    gate: Arc<Gate>,
    /// Listening on a loopback address: only requests naming this machine are served.
    loopback: bool,
}

/// The limits of one computation as given on the command line.
#[derive(Clone, Copy, Debug)]
struct Limits {
    max_values: Option<u64>,
    timeout: Duration,
}

type SharedState = Arc<Shared>;

/// `grundy serve`: listens until Ctrl-C or SIGTERM, then lets the requests in flight finish.
pub(crate) fn run(args: &ServeArgs) -> anyhow::Result<()> {
    let (config, limits) = config(args)?;
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let most_running = args
        .max_concurrent
        .map_or(cores, |n| usize::try_from(n).unwrap_or(usize::MAX));
    let most_waiting = usize::try_from(args.queue).unwrap_or(usize::MAX);
    let shared = Arc::new(Shared {
        config,
        limits,
        gate: Gate::new(most_running, most_waiting),
        loopback: args.bind.is_loopback(),
    });
    // The network needs little: two workers; the computations run on the blocking threads, at
    // most one per turn of the gate and one per place in its long lane (and a few spare for the
    // runtime's own blocking work).
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .max_blocking_threads(most_running.saturating_mul(2).saturating_add(4))
        .thread_name("grundy-serve")
        .enable_all()
        .build()?;
    let served = runtime.block_on(serve(
        SocketAddr::new(args.bind, args.port),
        args.open,
        shared,
    ));
    // A computation still running past the grace period (its client gone) must not keep the
    // process alive: its thread is left to end with the process.
    runtime.shutdown_timeout(Duration::from_secs(1));
    served
}

/// The library's configuration for one computation: one thread, the limits given.
fn config(args: &ServeArgs) -> anyhow::Result<(Config, Limits)> {
    let timeout = crate::parse_seconds(&args.timeout, "--timeout")?;
    let mut config = Config::default()
        .with_threads(1)?
        .with_max_memory(crate::parse_size(&args.max_memory, "--max-memory")?)?
        .with_timeout(timeout);
    let mut max_values = None;
    if let Some(max) = &args.max {
        let limit = crate::parse_count(max, "--max", 1, grundy::analysis::MAX_VALUES_LIMIT)?;
        config = config.with_max_values(limit)?;
        max_values = Some(limit);
    }
    Ok((
        config,
        Limits {
            max_values,
            timeout,
        },
    ))
}

/// Every route; anything else is a 404, a known route with another method a 405.
fn router(shared: SharedState) -> Router {
    Router::new()
        .route("/", get(|| async { assets::page() }))
        .route("/index.html", get(|| async { assets::page() }))
        .route("/style.css", get(|| async { assets::style() }))
        .route("/app.js", get(|| async { assets::script() }))
        // Browsers ask for it on every page load; the page has no icon.
        .route("/favicon.ico", get(|| async { StatusCode::NO_CONTENT }))
        .route("/api/games", get(|| async { document(&games::games_json()) }))
        .route("/api/status", get(status))
        .route("/api/solve", post(|state: State<SharedState>, request: Request| compute(state, request, api::solve)))
        .route("/api/table", post(|state: State<SharedState>, request: Request| compute(state, request, api::table)))
        .route("/api/grid", post(|state: State<SharedState>, request: Request| compute(state, request, api::grid)))
        .route("/api/period", post(|state: State<SharedState>, request: Request| compute(state, request, api::period)))
        .route("/api/explain", post(|state: State<SharedState>, request: Request| compute(state, request, api::explain)))
        .route("/api/pattern", post(|state: State<SharedState>, request: Request| compute(state, request, api::pattern)))
        .route("/api/verify", post(|state: State<SharedState>, request: Request| compute(state, request, api::verify)))
        .route("/api/plot", post(|state: State<SharedState>, request: Request| compute(state, request, api::plot)))
        // The page keeps a game's history itself, asking for the options of each position.
        .route("/api/options", post(|state: State<SharedState>, request: Request| compute(state, request, api::options)))
        .fallback(|| async {
            reply(Reply::error(
                StatusCode::NOT_FOUND,
                "no such page: the API's endpoints are under /api/ (docs/serve.md lists them)",
                None,
            ))
        })
        .method_not_allowed_fallback(|| async {
            reply(Reply::error(
                StatusCode::METHOD_NOT_ALLOWED,
                "this method is not allowed here: the API's computing endpoints take POST with a JSON body, the pages GET",
                None,
            ))
        })
        .layer(axum::middleware::from_fn_with_state(Arc::clone(&shared), guard))
        .with_state(shared)
}

/// Refuses what a web page elsewhere could make a browser send: on a loopback address, a request
/// for another host name (DNS rebinding: 403); a `POST` that is not JSON (a cross-site form or
/// "simple" request, which needs no CORS preflight: 415). A JSON `POST` from another origin needs
/// a preflight, which this server never grants.
async fn guard(State(shared): State<SharedState>, request: Request, next: Next) -> Response {
    let headers = request.headers();
    if shared.loopback && !names_this_machine(headers.get(header::HOST)) {
        return reply(Reply::error(
            StatusCode::FORBIDDEN,
            "this server answers requests for 127.0.0.1, [::1] or localhost only",
            Some("to serve other names, start grundy serve with --bind ADDR"),
        ));
    }
    let json = headers
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.split(';').next())
        .is_some_and(|media| media.trim().eq_ignore_ascii_case("application/json"));
    if request.method() == Method::POST && !json {
        return reply(Reply::error(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "the API reads JSON: send the request with Content-Type: application/json",
            None,
        ));
    }
    next.run(request).await
}

/// Whether a Host header names this machine: `localhost`, a loopback address, with any port (a
/// request without one, from an HTTP/1.0 client, is no browser's).
fn names_this_machine(host: Option<&HeaderValue>) -> bool {
    let Some(host) = host else {
        return true;
    };
    let Ok(host) = host.to_str() else {
        return false;
    };
    let name = match host.strip_prefix('[') {
        Some(rest) => rest.split(']').next().unwrap_or(""),
        None => host.rsplit_once(':').map_or(host, |(name, _)| name),
    };
    let name = name.to_ascii_lowercase();
    name == "localhost"
        || name.ends_with(".localhost")
        || name
            .parse::<IpAddr>()
            .is_ok_and(|address| address.is_loopback())
}

/// A JSON document as a response (200).
fn document(value: &serde_json::Value) -> Response {
    match grundy::render::json::to_bytes(value) {
        Ok(body) => reply(Reply {
            status: StatusCode::OK,
            body,
            warnings: Vec::new(),
            content_type: api::JSON_TYPE,
        }),
        Err(error) => reply(Reply::error(
            StatusCode::INTERNAL_SERVER_ERROR,
            &format!("internal error: {error}"),
            None,
        )),
    }
}

/// A reply as an HTTP response: JSON (or a picture), never cached; an answer larger than
/// [`MAX_ANSWER_BYTES`] is refused (422) rather than held and sent.
fn reply(reply: Reply) -> Response {
    if reply.body.len() > MAX_ANSWER_BYTES {
        let bytes = reply.body.len();
        drop(reply);
        return self::reply(Reply::error(
            StatusCode::UNPROCESSABLE_ENTITY,
            &format!(
                "the answer is {bytes} bytes, more than the {MAX_ANSWER_BYTES} this server sends"
            ),
            Some("ask for a smaller range, or run the same question with the grundy command"),
        ));
    }
    let mut response = (reply.status, reply.body).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(reply.content_type),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    if !reply.warnings.is_empty() {
        let warnings = ascii_json(&serde_json::json!(reply.warnings).to_string());
        if let Ok(value) = HeaderValue::from_str(&warnings) {
            headers.insert(WARNINGS, value);
        }
    }
    response
}

/// The header that carries a game's warnings: a JSON array of strings, in ASCII.
const WARNINGS: header::HeaderName = header::HeaderName::from_static("grundy-warnings");

/// JSON text with every character beyond ASCII escaped (`\u00e8`), as a header value must be.
fn ascii_json(text: &str) -> String {
    use std::fmt::Write as _;
    let mut ascii = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_ascii() {
            ascii.push(c);
        } else {
            for unit in c.encode_utf16(&mut [0; 2]) {
                let _ = write!(ascii, "\\u{unit:04x}");
            }
        }
    }
    ascii
}

/// `GET /api/status`: the computations running and waiting, and the limits of one.
async fn status(State(shared): State<SharedState>) -> Response {
    let load = shared.gate.load();
    let (config, limits) = (&shared.config, shared.limits);
    document(&serde_json::json!({
        "running": load.running,
        "long": load.long,
        "waiting": load.waiting,
        "max_concurrent": load.most_running,
        "queue": load.most_waiting,
        "max_values": limits.max_values,
        "max_memory": config.max_memory(),
        "timeout_seconds": limits.timeout.as_secs_f64(),
        "max_body_bytes": MAX_BODY_BYTES,
    }))
}

/// A computing endpoint: admission to the gate (503 when it is full), the body (413 when too
/// large), a turn, then `work` on a blocking thread, which keeps the turn until it returns.
async fn compute(
    State(shared): State<SharedState>,
    request: Request,
    work: fn(Config, &dyn grundy::Observer, &[u8]) -> anyhow::Result<Reply>,
) -> Response {
    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.parse::<u64>().ok());
    if declared.is_some_and(|length| length > MAX_BODY_BYTES as u64) {
        return too_large();
    }
    let Some(ticket) = shared.gate.enter() else {
        let load = shared.gate.load();
        return reply(Reply::error(
            StatusCode::SERVICE_UNAVAILABLE,
            &format!(
                "the server is busy: {} computations are running and {} more are waiting, as many as it takes; try again in a moment",
                load.running, load.waiting
            ),
            Some("start grundy serve with a larger --queue or --max-concurrent to admit more"),
        ));
    };
    // The turn is taken before the body is read: a request holds its place from its headers to
    // its answer (a body must arrive within BODY_TIMEOUT).
    let turn = ticket.turn().await;
    let body = match tokio::time::timeout(BODY_TIMEOUT, read_body(request.into_body())).await {
        Ok(Ok(body)) => body,
        Ok(Err(response)) => return response,
        Err(_) => {
            return reply(Reply::error(
                StatusCode::REQUEST_TIMEOUT,
                &format!(
                    "the request's body did not arrive within {} s",
                    BODY_TIMEOUT.as_secs()
                ),
                None,
            ));
        }
    };
    let config = shared.config;
    let answer = tokio::task::spawn_blocking(move || {
        // The lane holds the turn until the computation ends (or moves it to the long lane).
        let lane = gate::Lane::new(turn);
        work(config, &lane, &body).unwrap_or_else(|error| api::failure(&error))
    })
    .await;
    match answer {
        Ok(answer) => reply(answer),
        Err(error) => reply(Reply::error(
            StatusCode::INTERNAL_SERVER_ERROR,
            &format!("internal error: the computation failed: {error}"),
            None,
        )),
    }
}

/// The 413 answer.
fn too_large() -> Response {
    reply(Reply::error(
        StatusCode::PAYLOAD_TOO_LARGE,
        &format!(
            "the request is larger than {}, more than the server reads",
            grundy::budget::format_bytes(MAX_BODY_BYTES as u64)
        ),
        Some("a script may hold at most 1 MiB"),
    ))
}

/// The body, at most [`MAX_BODY_BYTES`] of it.
async fn read_body(mut body: Body) -> Result<Vec<u8>, Response> {
    let mut bytes = Vec::new();
    while let Some(frame) = body.frame().await {
        let frame = frame.map_err(|error| {
            reply(Reply::error(
                StatusCode::BAD_REQUEST,
                &format!("the request's body could not be read: {error}"),
                None,
            ))
        })?;
        if let Ok(data) = frame.into_data() {
            if bytes.len() + data.len() > MAX_BODY_BYTES {
                return Err(too_large());
            }
            bytes.extend_from_slice(&data);
        }
    }
    Ok(bytes)
}

/// Accepts connections until a signal, then waits for the ones open to finish.
async fn serve(address: SocketAddr, open: bool, shared: SharedState) -> anyhow::Result<()> {
    use hyper_util::rt::{TokioIo, TokioTimer};
    let grace = shared.limits.timeout.saturating_add(BODY_TIMEOUT);
    let listener = tokio::net::TcpListener::bind(address)
        .await
        .map_err(|error| anyhow::anyhow!("cannot listen on {address}: {error}"))?;
    let url = format!("http://{}/", listener.local_addr()?);
    crate::output::line(&format!("listening on {url}"))?;
    if open {
        open_browser(&url);
    }
    let app = router(shared);
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    let connections = Arc::new(tokio::sync::Semaphore::new(MAX_CONNECTIONS));
    let stop = stop_signal();
    tokio::pin!(stop);
    loop {
        let permit = tokio::select! {
            permit = Arc::clone(&connections).acquire_owned() => permit?,
            () = &mut stop => break,
        };
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(error) => {
                    // Out of file descriptors and the like: wait a little, keep serving.
                    eprintln!("warning: a connection could not be accepted: {error}");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
            () = &mut stop => break,
        };
        let service = hyper_util::service::TowerToHyperService::new(app.clone());
        // One request per connection, and a connection lives at most as long as one request
        // may take (its headers, its body, its computation, its answer): a client that stops
        // reading its answer, or pipelines thousands of requests, holds a connection for a
        // bounded time only.
        let connection = hyper::server::conn::http1::Builder::new()
            .timer(TokioTimer::new())
            .keep_alive(false)
            .header_read_timeout(IDLE_TIMEOUT)
            .serve_connection(TokioIo::new(stream), service);
        let connection = graceful.watch(connection);
        let lifetime = grace
            .saturating_add(IDLE_TIMEOUT)
            .saturating_add(IDLE_TIMEOUT);
        tokio::spawn(async move {
            // A client that goes away or times out is no error of the server's.
            let _ = tokio::time::timeout(lifetime, connection).await;
            drop(permit);
        });
    }
    drop(listener);
    eprintln!("stopping: finishing the requests in flight");
    tokio::select! {
        () = graceful.shutdown() => {}
        () = tokio::time::sleep(grace) => eprintln!("warning: some requests did not finish within {} s; stopping anyway", grace.as_secs()),
    }
    Ok(())
}

/// Completes at Ctrl-C (SIGINT) or SIGTERM.
async fn stop_signal() {
    let interrupt = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {}
        () = terminate => {}
    }
}

/// Starts the system's browser on `url`; without one, says so and goes on.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    let started = std::process::Command::new(opener)
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    match started {
        // Reaped on a thread of its own, so no zombie stays behind.
        Ok(mut child) => {
            std::thread::spawn(move || child.wait());
        }
        Err(error) => {
            eprintln!("note: no browser could be started ({opener}: {error}); open {url} yourself");
        }
    }
}
