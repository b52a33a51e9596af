//! Selection ranges: from the token at the cursor outwards through every enclosing node
//! (value use, op, block, region, function, ...), each range strictly larger than the last.

use mlir_syntax::{SyntaxNode, TextRange, TextSize};

/// For each offset, the nested ranges from innermost to the whole file.
pub fn selection_ranges(root: &SyntaxNode, offsets: &[TextSize]) -> Vec<Vec<TextRange>> {
    offsets
        .iter()
        .map(|&offset| ranges_at(root, offset))
        .collect()
}

fn ranges_at(root: &SyntaxNode, offset: TextSize) -> Vec<TextRange> {
    let offset = offset.min(root.text_range().end());
    let Some(token) = root.token_at_offset(offset).right_biased() else {
        return vec![root.text_range()];
    };
    let mut ranges = vec![token.text_range()];
    for node in token.parent_ancestors() {
        let range = node.text_range();
        if ranges.last().is_some_and(|last| *last != range) {
            ranges.push(range);
        }
    }
    ranges
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grows_from_token_to_file() {
        let text = "func.func @f(%a: i32) {\n  %0 = arith.addi %a, %a : i32\n}\n";
        let parse = mlir_syntax::parse(text);
        let offset = TextSize::new(text.find("%a,").unwrap() as u32 + 1);
        let ranges = &selection_ranges(&parse.syntax_node(), &[offset])[0];
        let texts: Vec<&str> = ranges.iter().map(|r| &text[*r]).collect();
        assert_eq!(texts[0], "%a");
        assert_eq!(texts[1], "%0 = arith.addi %a, %a : i32");
        assert_eq!(*texts.last().unwrap(), text);
        assert!(
            ranges
                .windows(2)
                .all(|w| w[1].contains_range(w[0]) && w[0] != w[1])
        );
    }
}
