//! `$/progress` of a large file's check: once the diagnostics of its start are published
//! (`AnalysisHost::leading_diagnostics`), the editor is told the rest is still being
//! checked, so that an empty list is not taken for a clean file; the progress ends as the
//! file's next diagnostics go out. Driven by the outgoing task, which sends both in order.

use std::collections::HashMap;
use std::time::Duration;

use tower_lsp_server::Client;
use tower_lsp_server::ls_types::{self as lsp, NumberOrString, Uri};

/// How long the client may take to grant a progress token before the check goes without.
const CREATE_TIMEOUT: Duration = Duration::from_secs(2);

/// The checks in progress, by document, with their tokens.
#[derive(Default)]
pub struct CheckProgress {
    active: HashMap<Uri, NumberOrString>,
    created: u64,
}

impl CheckProgress {
    /// Begins the progress of `uri`'s check, if the client takes progress and grants a
    /// token in time.
    pub async fn begin(&mut self, client: &Client, uri: Uri, enabled: bool) {
        if !enabled || self.active.contains_key(&uri) {
            return;
        }
        self.created += 1;
        let token = NumberOrString::String(format!("mlir-analyzer/check/{}", self.created));
        let asked = client.create_work_done_progress(token.clone());
        if !matches!(
            tokio::time::timeout(CREATE_TIMEOUT, asked).await,
            Ok(Ok(()))
        ) {
            return;
        }
        let begin = lsp::WorkDoneProgress::Begin(lsp::WorkDoneProgressBegin {
            title: format!("Checking {}", file_name(&uri)),
            cancellable: Some(false),
            message: Some("diagnostics of the first lines shown".into()),
            percentage: None,
        });
        send(client, token.clone(), begin).await;
        self.active.insert(uri, token);
    }

    /// Ends the progress of `uri`'s check, if one is under way: its diagnostics were
    /// published (or its check given up).
    pub async fn end(&mut self, client: &Client, uri: &Uri) {
        let Some(token) = self.active.remove(uri) else {
            return;
        };
        let end = lsp::WorkDoneProgress::End(lsp::WorkDoneProgressEnd { message: None });
        send(client, token, end).await;
    }
}

async fn send(client: &Client, token: NumberOrString, value: lsp::WorkDoneProgress) {
    let params = lsp::ProgressParams {
        token,
        value: lsp::ProgressParamsValue::WorkDone(value),
    };
    client
        .send_notification::<lsp::notification::Progress>(params)
        .await;
}

/// The last segment of `uri`'s path, decoded (the whole URI if it has none).
fn file_name(uri: &Uri) -> String {
    let path = uri.path().decode().to_string_lossy();
    match path.rsplit('/').find(|s| !s.is_empty()) {
        Some(name) => name.to_string(),
        None => uri.as_str().to_string(),
    }
}
