//! The line structure of spec files (registry stage): entries (`op addi` at column 0)
//! holding indented `key: value` fields, where `key: |` starts a block of more-indented
//! lines (descriptions, examples) and a more-indented plain line continues the value
//! above it (long argument lists). Every piece keeps its line number for error messages.

/// One entry: `KIND NAME` and its fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RawEntry {
    pub kind: String,
    pub name: String,
    pub line: u32,
    pub fields: Vec<RawField>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RawField {
    pub key: String,
    pub value: String,
    pub line: u32,
}

impl RawEntry {
    /// All fields named `key`.
    pub fn all<'a>(&'a self, key: &'a str) -> impl Iterator<Item = &'a RawField> + 'a {
        self.fields.iter().filter(move |f| f.key == key)
    }

    pub fn get(&self, key: &str) -> Option<&RawField> {
        self.fields.iter().find(|f| f.key == key)
    }
}

/// Splits a spec file into entries; malformed lines are reported as `(line, message)`.
pub(crate) fn entries(text: &str) -> (Vec<RawEntry>, Vec<(u32, String)>) {
    let lines: Vec<&str> = text.lines().collect();
    let mut entries: Vec<RawEntry> = Vec::new();
    let mut errors = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let number = line_number(i);
        i += 1;
        if is_blank_or_comment(line) {
            continue;
        }
        if indent(line) == 0 {
            match header(line, number) {
                Ok(entry) => entries.push(entry),
                Err(message) => errors.push((number, message)),
            }
            continue;
        }
        let Some(entry) = entries.last_mut() else {
            errors.push((number, "a field outside any entry".into()));
            continue;
        };
        match field(&lines, &mut i, line, number) {
            Ok(field) => entry.fields.push(field),
            Err(message) => errors.push((number, message)),
        }
    }
    (entries, errors)
}

fn line_number(index: usize) -> u32 {
    u32::try_from(index + 1).unwrap_or(u32::MAX)
}

fn is_blank_or_comment(line: &str) -> bool {
    let trimmed = line.trim();
    trimmed.is_empty() || trimmed.starts_with('#')
}

fn indent(line: &str) -> usize {
    line.len() - line.trim_start().len()
}

/// `op addi` → kind `op`, name `addi`.
fn header(line: &str, number: u32) -> Result<RawEntry, String> {
    let mut words = line.split_whitespace();
    let (Some(kind), Some(name), None) = (words.next(), words.next(), words.next()) else {
        return Err(format!("expected `KIND NAME`, found `{}`", line.trim()));
    };
    Ok(RawEntry {
        kind: kind.to_string(),
        name: name.to_string(),
        line: number,
        fields: Vec::new(),
    })
}

/// A `key: value` field starting at `line`; `i` is moved past its block or continuation.
fn field(lines: &[&str], i: &mut usize, line: &str, number: u32) -> Result<RawField, String> {
    let (key, value) = line
        .trim()
        .split_once(':')
        .ok_or_else(|| format!("expected `key: value`, found `{}`", line.trim()))?;
    let key = key.trim().to_string();
    if key.is_empty() || key.contains(char::is_whitespace) {
        return Err(format!("bad field name `{key}`"));
    }
    let value = value.trim();
    let value = if value == "|" {
        block(lines, i, indent(line))
    } else {
        continuation(lines, i, indent(line), value)
    };
    Ok(RawField {
        key,
        value,
        line: number,
    })
}

/// The lines after `key: |` indented deeper than the key, with their common indentation
/// removed and trailing blank lines dropped.
fn block(lines: &[&str], i: &mut usize, key_indent: usize) -> String {
    let start = *i;
    while *i < lines.len() && (lines[*i].trim().is_empty() || indent(lines[*i]) > key_indent) {
        *i += 1;
    }
    let mut body = &lines[start..*i];
    while body.last().is_some_and(|l| l.trim().is_empty()) {
        body = &body[..body.len() - 1];
    }
    without_common_indent(body)
}

/// `lines` joined, without the indentation their non-blank lines share and without
/// trailing spaces (spec blocks here, `.td` descriptions in the ODS import).
pub(crate) fn without_common_indent(lines: &[&str]) -> String {
    let common = lines
        .iter()
        .filter(|l| !l.trim().is_empty())
        .map(|l| indent(l))
        .min()
        .unwrap_or(0);
    let text: Vec<&str> = lines
        .iter()
        .map(|l| l.get(common..).unwrap_or("").trim_end())
        .collect();
    text.join("\n")
}

/// A one-line value and the deeper-indented, non-blank lines that continue it.
fn continuation(lines: &[&str], i: &mut usize, key_indent: usize, first: &str) -> String {
    let mut value = first.to_string();
    while *i < lines.len() && !lines[*i].trim().is_empty() && indent(lines[*i]) > key_indent {
        value.push(' ');
        value.push_str(lines[*i].trim());
        *i += 1;
    }
    value
}
