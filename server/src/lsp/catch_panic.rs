//! A guard around the LSP service: a handler that panics (in its future, or as its
//! request is routed) answers its request with an internal error, and a notification's
//! panic is logged, while the server goes on. tower-lsp-server polls handler futures in
//! its serve loop, so an uncaught panic there would end the process and the editor's
//! session with it. Requests that read the analysis also catch panics themselves
//! (`Backend::with_snapshot`); this is the guard for everything else.

use std::future::Future;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::pin::Pin;
use std::task::{Context, Poll};

use tower_lsp_server::jsonrpc::{Error, Id, Request, Response};
use tower_service::Service;

pub struct CatchPanic<S>(pub S);

impl<S> Service<Request> for CatchPanic<S>
where
    S: Service<Request, Response = Option<Response>>,
    S::Future: Unpin,
{
    type Response = Option<Response>;
    type Error = S::Error;
    type Future = Guarded<S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.0.poll_ready(cx)
    }

    fn call(&mut self, request: Request) -> Self::Future {
        let id = request.id().cloned();
        let method = request.method().to_string();
        match catch_unwind(AssertUnwindSafe(|| self.0.call(request))) {
            Ok(inner) => Guarded::Running { inner, id, method },
            Err(_) => Guarded::Panicked(answer(id, &method)),
        }
    }
}

/// A handler's future, or the answer of one that panicked as it was called.
pub enum Guarded<F> {
    Running {
        inner: F,
        id: Option<Id>,
        method: String,
    },
    Panicked(Option<Response>),
}

impl<F, E> Future for Guarded<F>
where
    F: Future<Output = Result<Option<Response>, E>> + Unpin,
{
    type Output = Result<Option<Response>, E>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        match self.get_mut() {
            Guarded::Panicked(answer) => Poll::Ready(Ok(answer.take())),
            Guarded::Running { inner, id, method } => {
                match catch_unwind(AssertUnwindSafe(|| Pin::new(&mut *inner).poll(cx))) {
                    Ok(poll) => poll,
                    Err(_) => Poll::Ready(Ok(answer(id.take(), method))),
                }
            }
        }
    }
}

/// What a panicked handler answers: an internal error for a request, nothing for a
/// notification; logged either way.
fn answer(id: Option<Id>, method: &str) -> Option<Response> {
    eprintln!("mlir-analyzer: the handler of {method} panicked; the server goes on");
    let mut error = Error::internal_error();
    error.message = format!("internal error: the handler of {method} panicked").into();
    id.map(|id| Response::from_error(id, error))
}
