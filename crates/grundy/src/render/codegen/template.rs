//! The small template language the languages' pieces are written in, and its filler.
//!
//! A template is the target source as it is printed, with three marks:
//! - `${key}` stands for the value of `key` (a name, a bound, a list of numbers); a key the
//!   filler is not given stays as it is;
//! - a line that starts with `?CONDITION|` is kept (without the mark) only when the condition
//!   holds: flags separated by `,` (any of them), each a conjunction of flags joined by `&`, a
//!   flag written `!flag` holding when the flag is not set;
//! - a line that starts with `*|` is written once for each `i` below `${count}`, with `${i}` the
//!   number.

/// The flags and values a template is filled with.
#[derive(Clone, Debug, Default)]
pub(super) struct Context {
    /// The flags that hold (the others do not).
    flags: Vec<&'static str>,
    /// The values of the keys.
    values: Vec<(&'static str, String)>,
}

impl Context {
    /// `self` with `flag` set when `holds`.
    pub(super) fn flag(mut self, flag: &'static str, holds: bool) -> Self {
        if holds {
            self.flags.push(flag);
        }
        self
    }

    /// `self` with `key` standing for `value`.
    pub(super) fn value(mut self, key: &'static str, value: impl Into<String>) -> Self {
        self.values.push((key, value.into()));
        self
    }

    /// Whether `condition` holds: any of its `,`-separated alternatives, each a `&`-joined
    /// conjunction of flags, `!` negating one.
    fn holds(&self, condition: &str) -> bool {
        condition.split(',').any(|alternative| {
            alternative
                .split('&')
                .all(|flag| match flag.strip_prefix('!') {
                    Some(flag) => !self.flags.contains(&flag),
                    None => self.flags.contains(&flag),
                })
        })
    }

    /// `line` with every `${key}` this context knows replaced by its value.
    fn substitute(&self, line: &str) -> String {
        let mut text = line.to_owned();
        for (key, value) in &self.values {
            text = text.replace(&format!("${{{key}}}"), value);
        }
        text
    }

    /// `template` filled: lines kept by their conditions, repeated lines repeated, keys replaced.
    pub(super) fn fill(&self, template: &str) -> String {
        let mut out = String::with_capacity(template.len());
        for line in template.split_inclusive('\n') {
            if let Some(repeated) = line.strip_prefix("*|") {
                let count = self
                    .values
                    .iter()
                    .find(|(key, _)| *key == "count")
                    .map_or(0, |(_, value)| value.parse().unwrap_or(0));
                for i in 0..count {
                    out.push_str(&self.substitute(&repeated.replace("${i}", &i.to_string())));
                }
                continue;
            }
            let kept = match line.strip_prefix('?').and_then(|rest| rest.split_once('|')) {
                Some((condition, rest)) => self.holds(condition).then_some(rest),
                None => Some(line),
            };
            if let Some(kept) = kept {
                out.push_str(&self.substitute(kept));
            }
        }
        out
    }
}

/// Every flag a condition in `template` names (for the check that each is one the walk sets).
#[cfg(test)]
pub(super) fn flags_named(template: &str) -> Vec<&str> {
    template
        .lines()
        .filter_map(|line| line.strip_prefix('?')?.split_once('|'))
        .flat_map(|(condition, _)| condition.split([',', '&']))
        .map(|flag| flag.trim_start_matches('!'))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conditions_repeats_and_keys() {
        let context = Context::default()
            .flag("a", true)
            .flag("b", false)
            .value("name", "Heap")
            .value("count", "2");
        let template = "struct ${name} {\n?a|  a\n?b|  b\n?!b|  not b\n?b,a&!b|  either\n?a&b|  both\n*|  x${i} ${name}\n${other}\n}";
        assert_eq!(
            context.fill(template),
            "struct Heap {\n  a\n  not b\n  either\n  x0 Heap\n  x1 Heap\n${other}\n}"
        );
        assert_eq!(
            flags_named(template),
            ["a", "b", "b", "b", "a", "b", "a", "b"]
        );
    }
}
