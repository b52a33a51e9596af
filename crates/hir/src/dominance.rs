//! Dominators of the blocks of a region, from its successor edges (block 0 is the entry).
//! The simple iterative data-flow algorithm: regions have few blocks.

/// For each block, the blocks that dominate it (itself included), sorted; empty for a
/// block the entry cannot reach.
pub fn dominators(count: usize, edges: &[(u32, u32)]) -> Vec<Vec<u32>> {
    let reachable = reachable(count, edges);
    let all: Vec<u32> = (0..count as u32)
        .filter(|b| reachable[*b as usize])
        .collect();
    let mut doms: Vec<Vec<u32>> = (0..count)
        .map(|b| if b == 0 { vec![0] } else { all.clone() })
        .collect();
    let mut changed = true;
    while changed {
        changed = false;
        for block in 1..count {
            if !reachable[block] {
                continue;
            }
            let mut new = intersect_predecessors(block as u32, edges, &doms, &reachable);
            if let Err(at) = new.binary_search(&(block as u32)) {
                new.insert(at, block as u32);
            }
            if new != doms[block] {
                doms[block] = new;
                changed = true;
            }
        }
    }
    for (block, d) in doms.iter_mut().enumerate() {
        if !reachable[block] {
            d.clear();
        }
    }
    doms
}

fn intersect_predecessors(
    block: u32,
    edges: &[(u32, u32)],
    doms: &[Vec<u32>],
    reachable: &[bool],
) -> Vec<u32> {
    let mut preds = edges
        .iter()
        .filter(|(_, to)| *to == block)
        .map(|(from, _)| *from as usize);
    let Some(first) = preds.by_ref().find(|p| reachable[*p]) else {
        return Vec::new();
    };
    let mut out = doms[first].clone();
    for p in preds.filter(|p| reachable[*p]) {
        out.retain(|b| doms[p].binary_search(b).is_ok());
    }
    out
}

fn reachable(count: usize, edges: &[(u32, u32)]) -> Vec<bool> {
    let mut seen = vec![false; count];
    let mut stack = vec![0usize];
    while let Some(block) = stack.pop() {
        if block >= count || seen[block] {
            continue;
        }
        seen[block] = true;
        stack.extend(
            edges
                .iter()
                .filter(|(from, _)| *from as usize == block)
                .map(|(_, to)| *to as usize),
        );
    }
    seen
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diamond_and_unreachable() {
        // 0 -> 1, 0 -> 2, 1 -> 3, 2 -> 3; block 4 unreachable.
        let doms = dominators(5, &[(0, 1), (0, 2), (1, 3), (2, 3)]);
        assert_eq!(doms[3], vec![0, 3]);
        assert_eq!(doms[1], vec![0, 1]);
        assert!(doms[4].is_empty());
    }
}
