//! The ODS-like expressions of spec files (registry stage): `Variadic<AnyType>:$args`,
//! `DefaultValuedAttr<I64Attr, "0">`, `AllTypesMatch<$lhs, $rhs>`, parsed into a small
//! tree that the loader turns into constraints and traits.

/// An expression: a name with optional `<...>` arguments, a string, a number or a `$var`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Expr {
    Name(String, Vec<Expr>),
    Str(String),
    Int(u64),
    Var(String),
}

impl Expr {
    pub(crate) fn name(&self) -> Option<&str> {
        match self {
            Expr::Name(name, _) => Some(name),
            _ => None,
        }
    }

    pub(crate) fn args(&self) -> &[Expr] {
        match self {
            Expr::Name(_, args) => args,
            _ => &[],
        }
    }
}

/// Parses one whole expression.
pub(crate) fn parse_expr(text: &str) -> Result<Expr, String> {
    let mut parser = ExprParser {
        chars: text.trim().chars().collect(),
        pos: 0,
    };
    let expr = parser.expr()?;
    parser.skip_space();
    match parser.chars.get(parser.pos) {
        None => Ok(expr),
        Some(c) => Err(format!("unexpected '{c}' in `{}`", text.trim())),
    }
}

/// Splits `a, b<c, d>, "e, f"` at the commas outside brackets and strings.
pub(crate) fn split_top_level(text: &str) -> Vec<String> {
    let mut parts = Vec::new();
    let mut current = String::new();
    let mut depth = 0i32;
    let mut in_string = false;
    for c in text.chars() {
        match c {
            '"' => in_string = !in_string,
            '<' | '(' | '[' if !in_string => depth += 1,
            '>' | ')' | ']' if !in_string => depth -= 1,
            ',' if depth == 0 && !in_string => {
                parts.push(std::mem::take(&mut current).trim().to_string());
                continue;
            }
            _ => {}
        }
        current.push(c);
    }
    if !current.trim().is_empty() || !parts.is_empty() {
        parts.push(current.trim().to_string());
    }
    parts
}

/// Splits `Constraint:$name` at the last `:$`.
pub(crate) fn split_named(text: &str) -> Result<(&str, &str), String> {
    let (constraint, name) = text
        .rsplit_once(":$")
        .ok_or_else(|| format!("expected `Constraint:$name`, found `{text}`"))?;
    let valid = !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !valid {
        return Err(format!("bad name `${name}`"));
    }
    Ok((constraint.trim(), name))
}

struct ExprParser {
    chars: Vec<char>,
    pos: usize,
}

impl ExprParser {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += 1;
        }
    }

    fn eat(&mut self, c: char) -> bool {
        self.skip_space();
        let found = self.peek() == Some(c);
        if found {
            self.pos += 1;
        }
        found
    }

    fn expr(&mut self) -> Result<Expr, String> {
        self.skip_space();
        match self.peek() {
            Some('"') => self.string(),
            Some('$') => {
                self.pos += 1;
                Ok(Expr::Var(self.ident()))
            }
            Some(c) if c.is_ascii_digit() => self.number(),
            Some(c) if c.is_ascii_alphabetic() || c == '_' => self.named(),
            Some(c) => Err(format!("unexpected '{c}'")),
            None => Err("expected an expression".into()),
        }
    }

    fn ident(&mut self) -> String {
        let start = self.pos;
        while self
            .peek()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')
        {
            self.pos += 1;
        }
        self.chars[start..self.pos].iter().collect()
    }

    fn string(&mut self) -> Result<Expr, String> {
        self.pos += 1;
        let start = self.pos;
        while self.peek().is_some_and(|c| c != '"') {
            self.pos += 1;
        }
        if self.peek().is_none() {
            return Err("unterminated string".into());
        }
        let text = self.chars[start..self.pos].iter().collect();
        self.pos += 1;
        Ok(Expr::Str(text))
    }

    fn number(&mut self) -> Result<Expr, String> {
        let digits = self.ident();
        digits
            .parse()
            .map(Expr::Int)
            .map_err(|_| format!("bad number `{digits}`"))
    }

    /// `Name` or `Name<arg, ...>`.
    fn named(&mut self) -> Result<Expr, String> {
        let name = self.ident();
        let mut args = Vec::new();
        if self.eat('<') {
            loop {
                args.push(self.expr()?);
                if self.eat('>') {
                    break;
                }
                if !self.eat(',') {
                    return Err(format!("expected ',' or '>' in the arguments of {name}"));
                }
            }
        }
        Ok(Expr::Name(name, args))
    }
}
