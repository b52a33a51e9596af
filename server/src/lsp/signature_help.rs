//! `textDocument/signatureHelp`: the op's signature from `ide::signature_help`, in LSP
//! form, with the parameters' label offsets in the negotiated position encoding.

use mlir_analysis::ide;
use tower_lsp_server::ls_types::{
    Documentation, MarkupContent, MarkupKind, ParameterInformation, ParameterLabel, SignatureHelp,
    SignatureHelpOptions, SignatureInformation,
};

use super::positions::Encoding;

/// Triggered by `(` and `,` in operand lists and by the space after an op's name.
pub fn options() -> SignatureHelpOptions {
    SignatureHelpOptions {
        trigger_characters: Some(["(", ",", " "].map(String::from).to_vec()),
        retrigger_characters: None,
        work_done_progress_options: Default::default(),
    }
}

pub fn to_lsp(help: ide::SignatureHelp, encoding: Encoding) -> SignatureHelp {
    let width = |text: &str| match encoding {
        Encoding::Utf8 => text.len() as u32,
        Encoding::Utf16 => text.encode_utf16().count() as u32,
    };
    let parameters = help
        .parameters
        .iter()
        .map(|p| {
            let start = help.label.get(..p.label.start).map_or(0, width);
            let end = help.label.get(..p.label.end).map_or(start, width);
            ParameterInformation {
                label: ParameterLabel::LabelOffsets([start, end]),
                documentation: Some(markdown(p.documentation.clone())),
            }
        })
        .collect();
    let signature = SignatureInformation {
        label: help.label,
        documentation: Some(markdown(help.documentation)),
        parameters: Some(parameters),
        active_parameter: help.active_parameter,
    };
    SignatureHelp {
        signatures: vec![signature],
        active_signature: Some(0),
        active_parameter: help.active_parameter,
    }
}

fn markdown(value: String) -> Documentation {
    Documentation::MarkupContent(MarkupContent {
        kind: MarkupKind::Markdown,
        value,
    })
}
