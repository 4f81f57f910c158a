//! The compiled engine against rhai's interpreter (对拍): every script and argument gives the
//! same position or the same error on both, and the compiled engine answers alone wherever it
//! is meant to.

use proptest::prelude::*;

use super::{Script, ScriptEngine, ScriptRules};
use crate::theory::solver::Rules;

fn rules(source: &str, engine: ScriptEngine) -> ScriptRules {
    ScriptRules::compile(&Script::new(
        "test.rhai",
        format!("{source}\nfn moves(s) {{ [] }}"),
    ))
    .unwrap_or_else(|e| panic!("{e}\n{source}"))
    .with_engine(engine)
}

/// `start(argument)` on both engines: equal answers, or errors on both with the same message.
/// Returns whether the compiled engine answered alone.
fn agree(source: &str, argument: &str) -> bool {
    let compiled = rules(source, ScriptEngine::Compiled);
    let interpreted = rules(source, ScriptEngine::Interpreted);
    let (a, b) = (compiled.start(argument), interpreted.start(argument));
    match (&a, &b) {
        (Ok(x), Ok(y)) => assert_eq!(x, y, "{source} on {argument}"),
        (Err(x), Err(y)) => assert_eq!(x.to_string(), y.to_string(), "{source} on {argument}"),
        _ => panic!(
            "the engines disagree on {argument}:\n{source}\ncompiled: {a:?}\ninterpreted: {b:?}"
        ),
    }
    let alone = compiled.start_compiled(argument);
    if let (Some(alone), Ok(b)) = (&alone, &b) {
        assert_eq!(alone, b.value(), "{source} on {argument}");
    }
    alone.is_some()
}

/// Scripts the compiled engine runs alone, each with arguments to try.
const ALONE: &[(&str, &[&str])] = &[
    ("fn start(n) { n }", &["0", "-5", "x"]),
    (
        "fn start(n) { let out = []; for t in [1, 3, 4] { if t <= n { out.push(n - t); } } out }",
        &["0", "3", "10"],
    ),
    (
        "fn start(n) { [n / 3, n % 3, -n % 3, n ** 2, n << 3, n >> 1, n & 6, n | 1, n ^ 5] }",
        &["7", "-7", "0"],
    ),
    (
        "fn start(n) { [n == 3, n != 3, n < 3, n <= 3, n > 3, n >= 3, !(n > 3), -n, +n] }",
        &["2", "3", "4"],
    ),
    (
        "fn start(s) { [s.len(), s + \"!\", s[0], s.contains(\"b\"), s.contains('a'), `<${s}>`, s < \"b\", s.to_chars()] }",
        &["abc", "b"],
    ),
    (
        "fn start(s) { let t = \"\"; for c in s { t += c; t += \",\"; } t }",
        &["xyz"],
    ),
    (
        "fn start(s) { [s.sub_string(1, 2), s.sub_string(-2, 5), s.sub_string(-9, 2), s.sub_string(7, 1), s.sub_string(1, 0), s.sub_string(2), s.sub_string(-1), s.sub_string(0, 9223372036854775807)] }",
        &["héllo", "", "ab"],
    ),
    (
        "fn start(n) { let m = #{a: n, b: [n, n + 1]}; m.b[1] += 10; m.c = 3; m[\"d\"] = m.a; [m, m.a, m.z, m.keys(), m.values(), m.contains(\"a\"), m.len()] }",
        &["4"],
    ),
    (
        "fn start(n) { let a = [[1, 2], [3, 4]]; a[1][0] = n; a[0].push(9); let b = a; b[0][0] = -1; [a, b, a[-1], a.len()] }",
        &["5"],
    ),
    (
        "fn start(n) { let a = [5, 3, 9, 1]; a.sort(); let x = a.pop(); let y = a.shift(); a.insert(1, 7); a.reverse(); let r = a.remove(0); [a, x, y, r, a.index_of(7), 3 in a, 4 in a, a.get(9)] }",
        &["0"],
    ),
    (
        "fn start(n) { let i = 0; let s = 0; while i < n { i += 1; if i % 2 == 0 { continue; } s += i; if s > 20 { break; } } [i, s] }",
        &["3", "100"],
    ),
    (
        "fn start(n) { let s = 0; loop { s += 1; if s >= n { break s * 2; } } }",
        &["4"],
    ),
    (
        "fn start(n) { let s = 0; do { s += 2; } until s > n; let t = 0; do { t += 1; } while t < n; [s, t] }",
        &["5"],
    ),
    (
        "fn start(n) { let s = []; for i in 0..n { s.push(i); } for i in 1..=3 { s.push(-i); } for (x, i) in [7, 8] { s.push(x * 10 + i); } for i in range(2, 4) { s.push(i); } [s, n in 0..5, n in 0..=5] }",
        &["3", "5"],
    ),
    (
        "fn start(n) { switch n { 0 => \"zero\", 1 | 2 => \"small\", 3 if n > 2 => \"three\", _ => `big ${n}` } }",
        &["0", "2", "3", "9"],
    ),
    (
        "fn start(s) { switch s { \"a\" => 1, _ => 0 } }",
        &["a", "b"],
    ),
    (
        "fn f(n) { if n < 2 { n } else { f(n - 1) + f(n - 2) } } fn start(n) { f(n) }",
        &["10"],
    ),
    (
        "const K = 3; let L = [1, 2]; fn g(n) { n * K + L[1] } fn start(n) { g(n) }",
        &["4"],
    ),
    (
        "fn start(n) { let x = 1; { let x = 2; x += n; } let y = if n > 2 { \"big\" } else { \"small\" }; [x, y, abs(-n), min(n, 3), max(n, 3), n.is_odd(), n.is_even(), sign(-n), n.to_string() + \"!\"] }",
        &["2", "5"],
    ),
    (
        "fn start(n) { let a = [1, 2]; a += [3]; a.append([4, 5]); a.truncate(4); let b = [0] + a; [a, b, a == [1, 2, 3, 4], #{x: 1} == #{x: 1}, a.is_empty(), \"\".is_empty()] }",
        &["0"],
    ),
    ("fn start(n) { return n + 1; n }", &["1"]),
    (
        "fn start(n) { let c = 'q'; [c, c == 'q', `${c}${n}`, \"a\" + c, 'a' < 'b', true != false] }",
        &["1"],
    ),
    (
        "fn start(s) { let n = s.len(); let t = s.sub_string(0, 1) + \"-\" + s + 7 + 'c' + true; let u = t; u += \"!\"; [n, s[n - 1], s[0], t, u, `${n}:${s[1]}`] }",
        &["héllo", "ab", "x+"],
    ),
];

/// Scripts that end in an error: both engines report rhai's message.
const ERRORS: &[(&str, &[&str])] = &[
    // rhai reads `n & (1 == 0)`.
    ("fn start(n) { n & 1 == 0 }", &["2"]),
    ("fn start(n) { n + 9223372036854775807 }", &["1"]),
    ("fn start(n) { 10 / n }", &["0"]),
    ("fn start(n) { [1, 2][n] }", &["2", "-3"]),
    ("fn start(n) { throw `no ${n}` }", &["1"]),
    ("fn start(n) { missing + n }", &["1"]),
    ("fn start(n) { n + \"a\" - 1 }", &["1"]),
    ("fn start(n) { if n { 1 } else { 2 } }", &["1"]),
    ("fn start(n) { loop { n += 1; } }", &["0"]),
    ("fn f(n) { f(n + 1) } fn start(n) { f(n) }", &["0"]),
    ("fn start(n) { 1 << n }", &["64", "-1"]),
    ("fn start(n) { n ** -1 }", &["2"]),
    (
        "fn start(n) { let a = []; a.undefined_method(); a }",
        &["0"],
    ),
];

#[test]
fn the_engines_agree_and_the_compiled_one_answers_alone() {
    let mut not_alone = Vec::new();
    for (source, arguments) in ALONE {
        for argument in *arguments {
            if !agree(source, argument) {
                not_alone.push(format!("{source} on {argument}"));
            }
        }
    }
    assert!(
        not_alone.is_empty(),
        "the compiled engine did not answer alone:\n{}",
        not_alone.join("\n")
    );
}

#[test]
fn errors_are_rhais_on_both_engines() {
    for (source, arguments) in ERRORS {
        for argument in *arguments {
            agree(source, argument);
        }
    }
}

#[test]
fn unsupported_functions_run_on_rhai_and_say_why() {
    let source = "fn start(n) { [1, 2, 3].filter(|x| x > n) }";
    assert!(!agree(source, "1"));
    let compiled = rules(source, ScriptEngine::Compiled);
    let reason = compiled.interpreted().expect("start is interpreted");
    assert!(reason.starts_with("start() uses"), "{reason}");
}

/// A random integer expression over `n`, as text.
fn expression() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        (-20i64..20).prop_map(|k| k.to_string()),
        Just("n".to_owned()),
        Just("9223372036854775807".to_owned()),
    ];
    leaf.prop_recursive(4, 24, 2, |inner| {
        let operators = prop::sample::select(vec![
            "+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>", "**",
        ]);
        let comparisons = prop::sample::select(vec!["==", "!=", "<", "<=", ">", ">="]);
        prop_oneof![
            (inner.clone(), operators, inner.clone()).prop_map(|(a, o, b)| format!("{a} {o} {b}")),
            (
                inner.clone(),
                comparisons,
                inner.clone(),
                inner.clone(),
                inner.clone()
            )
                .prop_map(|(a, c, b, t, e)| format!("(if {a} {c} {b} {{ {t} }} else {{ {e} }})")),
            inner.clone().prop_map(|a| format!("-({a})")),
            (inner.clone(), inner.clone(), inner.clone())
                .prop_map(|(a, b, i)| format!("[{a}, {b}][({i}) & 1]")),
            // Read in place from the locals `start` defines (out of range: rhai's error).
            inner.clone().prop_map(|i| format!("a[{i}]")),
            (inner.clone(), inner.clone()).prop_map(|(i, j)| format!("g[{i}][{j}]")),
            inner
                .clone()
                .prop_map(|i| format!("(if s[{i}] == 'l' {{ 1 }} else {{ 2 }})")),
            Just("m.k + m.b[1]".to_owned()),
            inner.clone().prop_map(|a| format!("({a})")),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    #[test]
    fn random_integer_expressions_agree(body in expression(), n in -6i64..6) {
        agree(
            &format!(
                "fn start(n) {{ let a = [n, 3, -n]; let g = [a, [7]]; let s = \"hél+lo\"; \
                 let m = #{{k: n, b: a}}; {body} }}"
            ),
            &n.to_string(),
        );
    }
}

#[test]
fn a_trace_is_the_same_on_both_engines() {
    use std::sync::{Arc, Mutex};
    let source = "fn start(n) { print(n); print(`at ${n}`); print('c'); print(true); print([n, \"s\"]); debug(n); debug(\"q\"); n + 1 }";
    let traced_source = |source: &str, engine: ScriptEngine| {
        let lines = Arc::new(Mutex::new(Vec::new()));
        let kept = Arc::clone(&lines);
        let rules = rules(source, engine).with_trace(Arc::new(move |line: &str| {
            kept.lock().expect("not poisoned").push(line.to_owned());
        }));
        rules.start("4").expect("start runs");
        lines.lock().expect("not poisoned").clone()
    };
    let traced = |engine| traced_source(source, engine);
    // Scalars only: the compiled engine answers alone, and prints as rhai does.
    let scalars = "fn start(n) { print(n); print(`at ${n}`); print('c'); n }";
    assert!(agree(scalars, "4"));
    assert_eq!(
        traced_source(scalars, ScriptEngine::Compiled),
        traced_source(scalars, ScriptEngine::Interpreted)
    );
    let compiled = traced(ScriptEngine::Compiled);
    assert_eq!(compiled, traced(ScriptEngine::Interpreted));
    assert_eq!(
        compiled,
        [
            "print: 4",
            "print: at 4",
            "print: c",
            "print: true",
            "print: [4, \"s\"]",
            "debug: 4 (line 1)",
            "debug: \"q\" (line 1)",
            "call: start(4) = 5",
        ]
    );
}

/// A call that grows an array one element at a time makes rhai measure the whole array at each
/// step (time quadratic in its size, within the operation limit): the call stops at its
/// deadline, on either engine, rather than running for minutes. The deadline here has already
/// passed when the call starts, so the stop does not depend on how fast the machine is.
#[test]
fn a_call_stops_at_its_deadline() {
    let source = "fn start(n) { n }\nfn moves(n) { let a = []; for i in 0..100000 { a.push(i); } [a.len(), 1.5] }";
    let script = Script::new("grow.rhai", source);
    for engine in [ScriptEngine::Compiled, ScriptEngine::Interpreted] {
        let spending = super::Spending::until(Some(std::time::Instant::now()));
        let rules = ScriptRules::compile_spending(&script, &spending)
            .unwrap()
            .with_engine(engine);
        let start = rules.start("3").unwrap();
        let error = rules.moves(&start).unwrap_err();
        assert!(
            error.contains("the question's time limit passed during this call"),
            "{engine:?}: {error}"
        );
    }
}
