//! The game forms the page offers as examples (`GET /api/games`): each spec is parsed by the
//! library, which gives its example position.

use serde_json::{Value, json};

/// A spec form, an example of it, and what it means.
struct Form {
    example: &'static str,
    about: &'static str,
}

/// The forms of `grundy --help`, one example each.
const FORMS: &[Form] = &[
    Form {
        example: "subtraction:1,3,4",
        about: "remove 1, 3 or 4 (ranges: subtraction:1..3,7); several heaps 1,4,1",
    },
    Form {
        example: "bash:3",
        about: "remove 1 to 3 (LeetCode 292 is bash:3)",
    },
    Form {
        example: "allbut:2,3,7",
        about: "remove any positive amount except 2, 3 and 7",
    },
    Form {
        example: "subtraction:fibonacci",
        about: "remove a Fibonacci number (also squares, powers-of-2, primes)",
    },
    Form {
        example: "nim",
        about: "any number of heaps; position 3,4,5",
    },
    Form {
        example: "misere:nim",
        about: "Nim where whoever moves last loses",
    },
    Form {
        example: "wythoff",
        about: "two heaps; take from one, or the same from both; position a,b",
    },
    Form {
        example: "fibonacci-nim",
        about: "take at most twice the last take; position n (fresh) or n/q",
    },
    Form {
        example: "norepeat:1,2,3",
        about: "no taking what the opponent just took; position n or n/last",
    },
    Form {
        example: "oddball:1,2,3",
        about: "the contest game: odd holdings win at the end; position n or n/a/b",
    },
    Form {
        example: "subtraction:2..5,rest",
        about: "remove 2 to 5; with fewer than 2 left, take them all (HDU 2897)",
    },
    Form {
        example: "kayles",
        about: "the take-and-break code 0.77 (also dawsons-kayles, lasker, grundys-game, officers)",
    },
    Form {
        example: "0.77",
        about: "a take-and-break code: Kayles; positions are heaps",
    },
    Form {
        example: "4!.0",
        about: "Grundy's game as a code: split a heap into two unequal heaps",
    },
    Form {
        example: "subtraction:1,3,4[10] + wythoff[3,5] + nim[7]",
        about: "a sum: move in one component per turn",
    },
    Form {
        example: "script:cycle",
        about: "your own rules as a rhai script, submitted as text: a token on a graph with cycles (examples/cycle.rhai)",
    },
];

/// The script of the `script:cycle` example.
const CYCLE_SCRIPT: &str = include_str!("../../../../examples/cycle.rhai");

/// The forms as JSON: `games`, each with `spec`, `position` (an example, or null for a sum),
/// `about`, and for the scripted game its `script`; the catalogue's forms, then one example of
/// each open family of the registry.
pub(crate) fn games_json() -> Value {
    let catalogue = FORMS.iter().map(|form| {
        if form.example.starts_with("script:") {
            return json!({ "spec": form.example, "position": "0", "about": form.about, "script": CYCLE_SCRIPT });
        }
        json!({ "spec": form.example, "position": example_position(form.example), "about": form.about })
    });
    let families = grundy::games::FAMILIES.iter().map(|family| {
        json!({ "spec": family.example, "position": example_position(family.example), "about": family.summary.en })
    });
    json!({ "games": catalogue.chain(families).collect::<Vec<Value>>() })
}

/// An example position of the game `spec` names, as text; `None` for a sum (whose components
/// hold their positions) or a spec that does not read.
fn example_position(spec: &str) -> Option<String> {
    grundy::input::spec::parse_game_with_loader(spec, &|_| Err("no script".to_owned()))
        .ok()
        .and_then(|game| (!game.has_positions()).then(|| game.example_position().to_owned()))
}
