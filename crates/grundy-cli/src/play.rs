//! `grundy play`: a game against the perfect opponent — full screen (ratatui) when stdin and
//! stdout are terminals, otherwise the line protocol of docs/play.md. The library lists the moves
//! with their values, chooses the computer's move and keeps the session; this module only reads
//! keys or lines and draws.

use std::fmt::Write as _;
use std::io::{BufRead as _, IsTerminal as _, Write as _};

use anyhow::Context as _;
use clap::{Args, ValueEnum};
use grundy::analysis::play::{Choice, Mistake, Options, PlayBasis, Player, Session};
use grundy::input::play::{PlayLine, parse_play_line};
use grundy::{Analyzer, Game, Outcome, render};
use serde_json::{Value, json};

use crate::progress::TerminalObserver;

/// The arguments of `grundy play`.
#[derive(Args, Debug)]
pub(crate) struct PlayArgs {
    /// The game, e.g. nim or subtraction:1,3,4 (see `grundy --help` for every form).
    game: String,
    /// The position to start from, as for solve (none for a sum).
    position: Option<String>,
    /// Who moves first.
    #[arg(long, value_enum, default_value_t = First::Me)]
    first: First,
    /// Show the value of every move (win, tie, draw or lose for you, and in how many moves).
    #[arg(long)]
    hints: bool,
    #[command(flatten)]
    common: crate::Common,
}

/// Who moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum First {
    /// You.
    Me,
    /// The computer.
    Computer,
}

/// Plays one game.
pub(crate) fn run(args: &PlayArgs, observer: &TerminalObserver) -> anyhow::Result<()> {
    let analyzer = args.common.analyzer(observer)?;
    let game = crate::read_game(&args.game)?;
    let position = match &args.position {
        Some(text) if text == "-" => anyhow::bail!(
            "the position cannot be read from stdin: a game reads its moves there — give the position after the game, e.g. grundy play {game} {}",
            game.example_position()
        ),
        Some(text) => crate::read_position(&game, text)?,
        None => game.default_position().with_context(|| {
            format!(
                "the position of {game} is missing: give it after the game, e.g. grundy play {game} {}",
                game.example_position()
            )
        })?,
    };
    let start = analyzer.options(&game, &position)?;
    let first = match args.first {
        First::Me => Player::Human,
        First::Computer => Player::Computer,
    };
    let game = Play {
        analyzer,
        session: Session::new(start, first),
    };
    if std::io::stdin().is_terminal() && std::io::stdout().is_terminal() && !args.common.json {
        if args.common.trace {
            anyhow::bail!(
                "--trace writes on the terminal the full-screen game occupies: play with the line protocol instead, e.g. grundy play … --trace < moves.txt"
            );
        }
        screen::run(game, args.hints)
    } else {
        match lines(game, args.hints, args.common.json) {
            // A reader that stops early (`grundy play … | head`) is not an error.
            Err(error)
                if error
                    .downcast_ref::<std::io::Error>()
                    .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe) =>
            {
                Ok(())
            }
            other => other,
        }
    }
}

/// A session and the analyzer that values its positions.
struct Play<'a> {
    analyzer: Analyzer<'a>,
    session: Session,
}

impl Play<'_> {
    /// Plays move `index` of the current position.
    fn play(&mut self, index: usize) -> anyhow::Result<()> {
        let (game, position) = self
            .session
            .current()
            .leads_to(index)
            .context("no such move")?;
        // Each position is a question of its own, within its own time limit.
        let next = self.analyzer.restarted().options(&game, &position)?;
        self.session.play(index, next)?;
        Ok(())
    }

    /// The computer's moves until it is the human's turn or the game is over: each as the move
    /// played, with the game it was played in.
    fn computer_turns(&mut self) -> anyhow::Result<Vec<(Game, Choice)>> {
        let mut played = Vec::new();
        while !self.session.is_over() && self.session.to_move() == Player::Computer {
            let current = self.session.current();
            let index = current
                .best()
                .context("a position with moves has a best one")?;
            played.push((current.game.clone(), current.moves[index].clone()));
            self.play(index)?;
        }
        Ok(played)
    }

    /// Takes back moves to the human's previous turn; `false` when there is none (nothing played
    /// yet, or only the computer's opening moves).
    fn undo(&mut self) -> bool {
        let history = self.session.history();
        let now = history.len() - 1;
        let Some(back) = history[..now]
            .iter()
            .rposition(|t| t.mover == Player::Human)
        else {
            return false;
        };
        for _ in back..now {
            self.session.undo();
        }
        true
    }

    /// Plays again the moves taken back, up to the human's next turn; `false` when there is none.
    fn redo(&mut self) -> bool {
        if !self.session.redo() {
            return false;
        }
        while self.session.to_move() == Player::Computer && self.session.redo() {}
        true
    }
}

/// What a result is worth, in words: `win in 3`, `lose in 4`, `tie`, `draw`.
fn value_words(result: Outcome, remoteness: Option<u32>) -> String {
    match (result, remoteness) {
        (Outcome::Draw, _) | (_, None) => result.name().to_owned(),
        (_, Some(r)) => format!("{} in {r}", result.name()),
    }
}

/// A move's value for its mover: the result, in the moves the game lasts through it.
fn move_value(choice: &Choice) -> String {
    value_words(choice.result(), choice.remoteness.map(|r| r + 1))
}

/// The closing line: who won, and where the loser went wrong.
fn closing(session: &Session) -> String {
    let result = match session.winner() {
        Some(Some(Player::Human)) => "you won".to_owned(),
        Some(Some(Player::Computer)) => "the computer won".to_owned(),
        Some(None) => "a tie".to_owned(),
        None => return "the game is not over".to_owned(),
    };
    let loser = session.winner().flatten().map(Player::other);
    let wrong = match (loser, session.loser_mistake()) {
        (Some(_), Some(mistake)) => format!("; {}", mistake_text(session, &mistake)),
        (Some(Player::Human), None) => "; you never had a winning position".to_owned(),
        (Some(Player::Computer), None) => "; the computer never had a winning position".to_owned(),
        (None, _) => String::new(),
    };
    format!("{result}{wrong}")
}

fn mistake_text(session: &Session, mistake: &Mistake) -> String {
    let turn = &session.history()[mistake.turn];
    format!(
        "{} went wrong at move {}: {} from {} turned a {} into a {}",
        render::play::player(mistake.mover),
        mistake.turn + 1,
        render::moves::description(&turn.options.game, &mistake.play),
        render::play::position(&turn.options),
        noun(mistake.before),
        noun(mistake.after)
    )
}

/// An outcome as a noun: `a win`, `a loss`.
fn noun(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win => "win",
        Outcome::Lose => "loss",
        Outcome::Tie => "tie",
        Outcome::Draw => "draw",
    }
}

/// The line protocol (docs/play.md): positions and moves out, one line per move in.
fn lines(mut game: Play<'_>, mut hints: bool, json: bool) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut line = String::new();
    if !json {
        let title = render::game_title(&game.session.current().game);
        writeln!(out, "game: {title}")?;
    }
    loop {
        show(&mut out, &game.session, hints, json)?;
        if game.session.is_over() {
            return finish(&mut out, &game.session, json);
        }
        if game.session.to_move() == Player::Computer {
            let before = game.session.current().clone();
            let index = before
                .best()
                .context("a position with moves has a best one")?;
            game.play(index)?;
            report_move(&mut out, &before, index, Player::Computer, json)?;
            continue;
        }
        out.flush()?;
        line.clear();
        let read = input.read_line(&mut line).context("reading a move")?;
        if read == 0 {
            anyhow::bail!(
                "the input ended before the game did (at {}): give one move per line, or quit",
                render::play::position(game.session.current())
            );
        }
        let text = line.trim_end_matches(['\n', '\r']);
        let leads_to: Vec<_> = (game.session.current().moves.iter())
            .map(|choice| choice.position.clone())
            .collect();
        let parsed = parse_play_line(text, &game.session.current().game, &leads_to);
        let index = match parsed {
            Err(error) => {
                eprintln!("error: {error}");
                continue;
            }
            Ok(PlayLine::Quit) => {
                let at = render::play::position(game.session.current());
                if json {
                    writeln!(out, "{}", json!({"event": "quit", "position": at}))?;
                } else {
                    writeln!(out, "result: you quit at {at}")?;
                }
                return Ok(());
            }
            Ok(PlayLine::Hints) => {
                hints = !hints;
                continue;
            }
            Ok(PlayLine::Undo) => {
                if game.undo() {
                    event(&mut out, "undo", "undone", json)?;
                } else {
                    eprintln!("error: there is no move to take back");
                }
                continue;
            }
            Ok(PlayLine::Redo) => {
                if game.redo() {
                    event(&mut out, "redo", "redone", json)?;
                } else {
                    eprintln!("error: there is no move to play again");
                }
                continue;
            }
            Ok(PlayLine::Move(index)) => index,
        };
        let before = game.session.current().clone();
        game.play(index)?;
        report_move(&mut out, &before, index, Player::Human, json)?;
    }
}

/// A move taken back or played again: `undone`, or `{"event": "undo"}` in JSON.
fn event(out: &mut impl std::io::Write, name: &str, text: &str, json: bool) -> anyhow::Result<()> {
    if json {
        writeln!(out, "{}", json!({ "event": name }))?;
    } else {
        writeln!(out, "{text}")?;
    }
    Ok(())
}

/// The end of a game: the result line (in JSON, with the value history).
fn finish(out: &mut impl std::io::Write, session: &Session, json: bool) -> anyhow::Result<()> {
    if json {
        let history: Vec<Value> = session.history().iter().map(render::json::turn).collect();
        let end = json!({
            "event": "end",
            "result": closing(session),
            "winner": session.winner().flatten().map(render::play::player),
            "history": history,
        });
        writeln!(out, "{end}")?;
    } else {
        writeln!(out, "result: {}", closing(session))?;
    }
    Ok(())
}

/// One move, as the protocol reports it: `you: take 2 from heap 1 -> 1,4,5`.
fn report_move(
    out: &mut impl std::io::Write,
    options: &Options,
    index: usize,
    player: Player,
    json: bool,
) -> anyhow::Result<()> {
    let choice = &options.moves[index];
    let description = render::moves::description(&options.game, &choice.play);
    let to = render::play::left(options, choice);
    if json {
        let event = json!({"event": "move", "player": render::play::player(player), "number": index + 1, "move": description, "to": to});
        writeln!(out, "{event}")?;
    } else {
        writeln!(
            out,
            "{}: {description} -> {to}",
            render::play::player(player)
        )?;
    }
    Ok(())
}

/// The current position: whose turn, and the moves (with their values when hinted).
fn show(
    out: &mut impl std::io::Write,
    session: &Session,
    hints: bool,
    json: bool,
) -> anyhow::Result<()> {
    let options = session.current();
    if json {
        let event = json!({
            "event": "position",
            "to_move": render::play::player(session.to_move()),
            "options": render::json::options(options),
        });
        writeln!(out, "{event}")?;
        return Ok(());
    }
    writeln!(out, "position: {}", render::play::position(options))?;
    if session.is_over() {
        return Ok(());
    }
    writeln!(out, "to move: {}", render::play::player(session.to_move()))?;
    if hints {
        writeln!(out, "value: {}", value_summary(options))?;
    }
    if session.to_move() == Player::Computer {
        return Ok(());
    }
    for (i, choice) in options.moves.iter().enumerate() {
        let description = render::moves::description(&options.game, &choice.play);
        let to = render::play::left(options, choice);
        if hints {
            writeln!(
                out,
                "  {}. {description} -> {to}  [{}]",
                i + 1,
                move_value(choice)
            )?;
        } else {
            writeln!(out, "  {}. {description} -> {to}", i + 1)?;
        }
    }
    writeln!(out, "your move?")?;
    Ok(())
}

/// The position's value for the player to move: `win in 5, grundy 2`.
fn value_summary(options: &Options) -> String {
    let mut text = value_words(options.outcome, options.remoteness);
    if let Some(value) = &options.value {
        let name = if options.game.is_misere() {
            "misère grundy"
        } else {
            "grundy"
        };
        let _ = write!(text, ", {name} {value}");
    }
    if let PlayBasis::Solved { limit } = options.basis
        && options.remoteness.is_none()
    {
        let _ = write!(
            text,
            " (no remoteness: more than {limit} positions are reachable)"
        );
    }
    text
}

mod screen;
