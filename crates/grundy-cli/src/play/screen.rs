//! The full-screen game (ratatui on crossterm): the position drawn, the moves listed (coloured by
//! their value with hints), the value history, and the keys of docs/play.md. The terminal is
//! restored on every way out: a normal end, an error, Ctrl-C (a key in raw mode) and a panic
//! (ratatui's hook).

use std::fmt::Write as _;

use grundy::analysis::play::{Options, Player, Session};
use grundy::render::play::{left as left_text, player as who, position as position_text};
use grundy::{Outcome, Position};
use num_bigint::BigUint;
use ratatui::Frame;
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEventKind, KeyModifiers};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, List, ListItem, ListState, Paragraph, Wrap};

use super::{Play, closing, move_value, value_summary, value_words};

/// The most tokens drawn in a row; a bigger heap is drawn capped, with its count.
const TOKENS_SHOWN: usize = 40;

/// The largest Wythoff board drawn as a grid (cells a side); beyond it the pair is written.
const GRID_SIDE: u64 = 24;

/// What the screen shows besides the session.
pub(crate) struct View {
    /// Whether moves are coloured by their value.
    pub(crate) hints: bool,
    /// The highlighted move.
    pub(crate) selected: usize,
    /// Digits typed so far (a move's number).
    pub(crate) typed: String,
    /// When the last digit was typed: a digit after a pause starts a new number.
    pub(crate) typed_at: Option<std::time::Instant>,
    /// The last message (an error, or what happened).
    pub(crate) message: String,
}

/// A pause after which the next digit typed starts a new move number.
const DIGIT_PAUSE: std::time::Duration = std::time::Duration::from_secs(1);

impl View {
    /// A digit typed at `now`, of a move's number among `moves`: appended to the digits typed
    /// just before, or — after [`DIGIT_PAUSE`] — the start of a new number.
    fn type_digit(&mut self, digit: char, moves: usize, now: std::time::Instant) {
        if self
            .typed_at
            .is_some_and(|at| now.saturating_duration_since(at) > DIGIT_PAUSE)
        {
            self.typed.clear();
        }
        self.typed_at = Some(now);
        self.typed.push(digit);
        match self.typed.parse::<usize>() {
            Ok(n) if (1..=moves).contains(&n) => self.selected = n - 1,
            _ => {
                self.message = format!("no move {}", self.typed);
                self.typed.clear();
            }
        }
    }
}

/// The colour of a result for the player making the move: win green, tie yellow, draw blue, lose
/// red.
pub(crate) fn colour(result: Outcome) -> Color {
    match result {
        Outcome::Win => Color::Green,
        Outcome::Tie => Color::Yellow,
        Outcome::Draw => Color::Blue,
        Outcome::Lose => Color::Red,
    }
}

/// Restores the terminal when dropped, whichever way the game ends.
struct Restore;

impl Drop for Restore {
    fn drop(&mut self) {
        ratatui::restore();
    }
}

/// Runs the game on the terminal until it is quit; prints the closing line after.
pub(super) fn run(mut game: Play<'_>, hints: bool) -> anyhow::Result<()> {
    // `init` also installs a panic hook that restores the terminal before the message.
    let opening = game.computer_turns()?;
    let mut terminal = ratatui::try_init()?;
    let restore = Restore;
    let mut view = View {
        hints,
        selected: 0,
        typed: String::new(),
        typed_at: None,
        message: match opening.last() {
            Some((played, choice)) => format!(
                "the computer played {}",
                grundy::render::moves::description(played, &choice.play)
            ),
            None => String::new(),
        },
    };
    loop {
        terminal.draw(|frame| draw(frame, &game.session, &view))?;
        let Event::Key(key) = event::read()? else {
            continue;
        };
        if key.kind != KeyEventKind::Press {
            continue;
        }
        let moves = game.session.current().moves.len();
        match key.code {
            KeyCode::Char('c') if key.modifiers.contains(KeyModifiers::CONTROL) => break,
            KeyCode::Char('q') | KeyCode::Esc => break,
            KeyCode::Char('h') => view.hints = !view.hints,
            KeyCode::Char('u') => {
                view.message = if game.undo() {
                    "took back your last move".to_owned()
                } else {
                    "nothing to take back".to_owned()
                };
                view.selected = 0;
            }
            KeyCode::Char('r') => {
                view.message = if game.redo() {
                    game.computer_turns()?;
                    "played the move again".to_owned()
                } else {
                    "nothing to play again".to_owned()
                };
                view.selected = 0;
            }
            KeyCode::Up if moves > 0 => {
                view.selected = (view.selected + moves - 1) % moves;
                view.typed.clear();
            }
            KeyCode::Down if moves > 0 => {
                view.selected = (view.selected + 1) % moves;
                view.typed.clear();
            }
            KeyCode::Char(digit @ '0'..='9') => {
                view.type_digit(digit, moves, std::time::Instant::now());
            }
            KeyCode::Backspace => {
                view.typed.pop();
            }
            KeyCode::Enter if moves > 0 && game.session.to_move() == Player::Human => {
                let index = view.selected.min(moves - 1);
                game.play(index)?;
                let replies = game.computer_turns()?;
                view.message = match replies.last() {
                    Some((played, choice)) => format!(
                        "the computer played {}",
                        grundy::render::moves::description(played, &choice.play)
                    ),
                    None => String::new(),
                };
                view.selected = 0;
                view.typed.clear();
            }
            _ => {}
        }
    }
    drop(restore);
    drop(terminal);
    if game.session.is_over() {
        println!("{}", closing(&game.session));
    }
    Ok(())
}

/// Draws the whole screen.
pub(crate) fn draw(frame: &mut Frame<'_>, session: &Session, view: &View) {
    let options = session.current();
    let [title, body, footer] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(8),
        Constraint::Length(3),
    ])
    .areas(frame.area());
    let heading = format!(
        "grundy play — {}",
        grundy::render::game_title(&options.game)
    );
    frame.render_widget(
        Paragraph::new(heading).style(Style::new().add_modifier(Modifier::BOLD)),
        title,
    );
    let [left, right] =
        Layout::horizontal([Constraint::Percentage(62), Constraint::Percentage(38)]).areas(body);
    let board_height = board_lines(options).len() as u16 + 2;
    let [board, moves] = Layout::vertical([
        Constraint::Length(board_height.min(left.height / 2)),
        Constraint::Min(3),
    ])
    .areas(left);
    frame.render_widget(
        Paragraph::new(board_lines(options))
            .block(Block::bordered().title(format!(" position {} ", position_text(options)))),
        board,
    );
    draw_moves(frame, moves, session, view);
    draw_history(frame, right, session, view);
    let status = if session.is_over() {
        closing(session)
    } else {
        match session.to_move() {
            Player::Human => "your move".to_owned(),
            Player::Computer => "the computer is thinking".to_owned(),
        }
    };
    let help = "↑↓ or a number: choose · Enter: play · u: undo · r: redo · h: hints · q: quit";
    let lines = vec![
        Line::from(Span::styled(
            status,
            Style::new().add_modifier(Modifier::BOLD),
        )),
        Line::from(view.message.clone()),
        Line::from(Span::styled(help, Style::new().fg(Color::DarkGray))),
    ];
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: true }), footer);
}

fn draw_moves(frame: &mut Frame<'_>, area: Rect, session: &Session, view: &View) {
    let options = session.current();
    let items: Vec<ListItem<'_>> = options
        .moves
        .iter()
        .enumerate()
        .map(|(i, choice)| {
            let description = grundy::render::moves::description(&options.game, &choice.play);
            let number = format!("{:>3}. ", i + 1);
            let badge = if view.hints {
                format!("  {}", move_value(choice))
            } else {
                String::new()
            };
            // A long label is cut short so that the move's value stays in view: the borders
            // and the highlight symbol take three columns.
            let room = usize::from(area.width.saturating_sub(3))
                .saturating_sub(number.chars().count() + badge.chars().count());
            let label = shortened(
                &format!("{description} → {}", left_text(options, choice)),
                room,
            );
            let mut style = Style::new();
            if view.hints {
                style = style.fg(colour(choice.result()));
            }
            ListItem::new(Line::from(vec![
                Span::raw(format!("{number}{label}")),
                Span::raw(badge),
            ]))
            .style(style)
        })
        .collect();
    let title = if view.hints {
        format!(" moves — {} ", value_summary(options))
    } else {
        format!(" moves ({}) ", options.moves.len())
    };
    let list = List::new(items)
        .block(Block::bordered().title(title))
        .highlight_style(Style::new().add_modifier(Modifier::REVERSED))
        .highlight_symbol("▶");
    let mut state = ListState::default();
    if !options.moves.is_empty() && !session.is_over() {
        state.select(Some(view.selected.min(options.moves.len() - 1)));
    }
    frame.render_stateful_widget(list, area, &mut state);
}

/// `text` in at most `room` characters: cut with an ellipsis when longer.
fn shortened(text: &str, room: usize) -> String {
    if text.chars().count() <= room {
        return text.to_owned();
    }
    let mut cut: String = text.chars().take(room.saturating_sub(1)).collect();
    cut.push('…');
    cut
}

/// The value history: each turn's mover, position and value for the mover, and the move played
/// from it.
fn draw_history(frame: &mut Frame<'_>, area: Rect, session: &Session, view: &View) {
    let mut lines = Vec::new();
    for (i, turn) in session.history().iter().enumerate() {
        let value = value_words(turn.options.outcome, turn.options.remoteness);
        let mut spans = vec![Span::raw(format!(
            "{:>2}. {:<8} {}  ",
            i + 1,
            who(turn.mover),
            position_text(&turn.options)
        ))];
        let style = if view.hints {
            Style::new().fg(colour(turn.options.outcome))
        } else {
            Style::new()
        };
        spans.push(Span::styled(value, style));
        lines.push(Line::from(spans));
        // The move played from it, once the game has gone on.
        if let Some(index) = turn.played.filter(|_| i + 1 < session.history().len()) {
            let play = &turn.options.moves[index].play;
            let words = grundy::render::moves::description(&turn.options.game, play);
            lines.push(Line::from(Span::styled(
                format!("      ↳ {words}"),
                Style::new().fg(Color::DarkGray),
            )));
        }
    }
    // The latest turns stay in view.
    let shown = usize::from(area.height.saturating_sub(2));
    let skip = lines.len().saturating_sub(shown);
    let lines: Vec<Line<'_>> = lines.into_iter().skip(skip).collect();
    frame.render_widget(
        Paragraph::new(lines).block(Block::bordered().title(" value history ")),
        area,
    );
}

/// The position drawn: heaps as rows of tokens, Wythoff's pair as a board with the queen, the
/// components of a sum one under another.
fn board_lines(options: &Options) -> Vec<Line<'static>> {
    match (&options.position, options.game.base().components()) {
        (Position::Pair(a, b), _) => queen(a, b),
        (Position::Sum, Some(components)) => components
            .iter()
            .flat_map(|c| {
                let mut lines = vec![Line::from(format!("{}[{}]", c.game, c.position))];
                lines.extend(heaps_of(&c.position).iter().map(|h| token_row("  ", h)));
                lines
            })
            .collect(),
        (position, _) => {
            let heaps = heaps_of(position);
            let mut lines: Vec<Line<'static>> = heaps
                .iter()
                .enumerate()
                .map(|(i, h)| {
                    let label = if heaps.len() > 1 {
                        format!("heap {:<3}", i + 1)
                    } else {
                        String::new()
                    };
                    token_row(&label, h)
                })
                .collect();
            match position {
                Position::Quota { heap, quota } => lines.push(Line::from(format!(
                    "take at most {}",
                    grundy::fibonacci_nim::effective_quota(heap, quota.as_ref())
                ))),
                Position::LastMove {
                    last: Some(last), ..
                } => {
                    lines.push(Line::from(format!("you may not take {last}")));
                }
                Position::Balls { mine, theirs, .. } => lines.push(Line::from(format!(
                    "the player to move holds {mine}, the other {theirs}"
                ))),
                Position::Heaps(heaps) if heaps.is_empty() => {
                    lines.push(Line::from("(no heaps)"));
                }
                Position::Argument(text) | Position::State(text) => {
                    lines.push(Line::from(text.clone()));
                }
                _ => {}
            }
            lines
        }
    }
}

/// The heaps a position shows as rows of tokens.
fn heaps_of(position: &Position) -> Vec<BigUint> {
    match position {
        Position::Heap(heap)
        | Position::Quota { heap, .. }
        | Position::LastMove { heap, .. }
        | Position::Balls { left: heap, .. } => vec![heap.clone()],
        Position::Heaps(heaps) => heaps.clone(),
        Position::Pair(a, b) => vec![a.clone(), b.clone()],
        Position::Argument(_)
        | Position::State(_)
        | Position::Edges(_)
        | Position::Cells(_)
        | Position::Sum => Vec::new(),
    }
}

/// A heap as a row of tokens, capped at [`TOKENS_SHOWN`] with its count.
fn token_row(label: &str, heap: &BigUint) -> Line<'static> {
    let count = usize::try_from(heap).unwrap_or(usize::MAX);
    let shown = count.min(TOKENS_SHOWN);
    let mut row = format!("{label}{}", "●".repeat(shown));
    if count > TOKENS_SHOWN {
        row.push('…');
    }
    let _ = write!(row, " {heap}");
    Line::from(row)
}

/// Wythoff's pair as a board: the queen at column `a`, row `b`, moving left, down or diagonally
/// towards the corner.
fn queen(a: &BigUint, b: &BigUint) -> Vec<Line<'static>> {
    let (Ok(x), Ok(y)) = (u64::try_from(a), u64::try_from(b)) else {
        return vec![Line::from(format!("queen at {a},{b}"))];
    };
    if x >= GRID_SIDE || y >= GRID_SIDE {
        return vec![Line::from(format!(
            "queen at {a},{b}: she moves left, down or diagonally towards 0,0"
        ))];
    }
    (0..=y)
        .rev()
        .map(|row| {
            let cells: String = (0..=x)
                .map(
                    |column| match (column == x && row == y, column == 0 && row == 0) {
                        (true, _) => "♛ ",
                        (false, true) => "◎ ",
                        _ => "· ",
                    },
                )
                .collect();
            Line::from(format!("{row:>3} {cells}"))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use grundy::analysis::play::{Player, Session};
    use grundy::{Analyzer, Config, parse_game};
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    use ratatui::style::Color;

    use std::fmt::Write as _;

    use ratatui::style::Modifier;

    use super::{View, draw};

    fn screen(spec: &str, position: &str, hints: bool) -> ratatui::buffer::Buffer {
        let game = parse_game(spec).expect("spec");
        let position = game.parse_position(position).expect("position");
        let options = Analyzer::new(Config::default())
            .options(&game, &position)
            .expect("options");
        let session = Session::new(options, Player::Human);
        let view = View {
            hints,
            selected: 0,
            typed: String::new(),
            typed_at: None,
            message: String::new(),
        };
        let mut terminal = Terminal::new(TestBackend::new(110, 32)).expect("a test terminal");
        terminal
            .draw(|frame| draw(frame, &session, &view))
            .expect("drawn");
        terminal.backend().buffer().clone()
    }

    fn row(buffer: &ratatui::buffer::Buffer, y: u16) -> String {
        (0..buffer.area.width)
            .map(|x| buffer[(x, y)].symbol().to_owned())
            .collect()
    }

    /// The row holding `text`, and the colour of its first character.
    fn find(buffer: &ratatui::buffer::Buffer, text: &str) -> Option<(u16, Color)> {
        (0..buffer.area.height).find_map(|y| {
            let line = row(buffer, y);
            let at = line.find(text)?;
            let column = line[..at].chars().count() as u16;
            Some((y, buffer[(column, y)].fg))
        })
    }

    #[test]
    fn nim_is_drawn_with_its_moves_coloured_by_value() {
        let buffer = screen("nim", "3,4,5", true);
        let text: String = (0..buffer.area.height)
            .map(|y| row(&buffer, y) + "\n")
            .collect();
        assert!(text.contains("grundy play — nim"), "{text}");
        assert!(text.contains("heap 1  ●●● 3"), "{text}");
        assert!(text.contains("heap 3  ●●●●● 5"), "{text}");
        assert!(text.contains("value history"), "{text}");
        // The only winning move of 3,4,5 is green, a losing one red.
        let (_, win) = find(&buffer, "take 2 from heap 1 → 1,4,5").expect("the winning move");
        assert_eq!(win, Color::Green);
        let (_, lose) = find(&buffer, "take 1 from heap 1 → 2,4,5").expect("a losing move");
        assert_eq!(lose, Color::Red);
        assert!(text.contains("win in"), "{text}");
    }

    #[test]
    fn ties_are_yellow_and_hints_can_be_off() {
        // oddball:1,4,5 from 2: the only move, take 1, ties.
        let buffer = screen("oddball:1,4,5", "2", true);
        let (_, tie) = find(&buffer, "take 1 → 1/0/1").expect("the move");
        assert_eq!(tie, Color::Yellow);
        let plain = screen("nim", "3,4,5", false);
        let (_, colour) = find(&plain, "take 2 from heap 1").expect("the move");
        assert_eq!(colour, Color::Reset);
    }

    #[test]
    fn wythoff_is_a_board_with_the_queen() {
        let buffer = screen("wythoff", "3,5", false);
        let text: String = (0..buffer.area.height)
            .map(|y| row(&buffer, y) + "\n")
            .collect();
        assert_eq!(text.matches('♛').count(), 1, "{text}");
        assert!(text.contains("  5 · · · ♛"), "{text}");
        assert!(text.contains("  0 ◎ · · ·"), "{text}");
    }

    #[test]
    fn big_heaps_are_capped_with_their_count() {
        let buffer = screen("subtraction:1,3,4", "10^12", false);
        let text: String = (0..buffer.area.height)
            .map(|y| row(&buffer, y) + "\n")
            .collect();
        assert!(
            text.contains(&format!("{}… 1{}", "●".repeat(40), "0".repeat(12))),
            "{text}"
        );
    }

    /// The frame as an SVG picture: one monospace text run per stretch of cells with the same style,
    /// the colours of the terminal (the README's picture of `grundy play`).
    fn svg(buffer: &ratatui::buffer::Buffer) -> String {
        const WIDTH: usize = 9;
        const HEIGHT: usize = 18;
        const BACKGROUND: &str = "#1e1e1e";
        const FOREGROUND: &str = "#d8d8d8";
        let hex = |colour: Color, default: &'static str| match colour {
            Color::Green => "#4caf50",
            Color::Red => "#ef5350",
            Color::Yellow => "#fdd835",
            Color::Blue => "#42a5f5",
            Color::DarkGray => "#8a8a8a",
            _ => default,
        };
        let escape = |text: &str| {
            text.replace('&', "&amp;")
                .replace('<', "&lt;")
                .replace('>', "&gt;")
        };
        let (columns, rows) = (
            usize::from(buffer.area.width),
            usize::from(buffer.area.height),
        );
        let mut out = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" font-family=\"DejaVu Sans Mono, monospace\" font-size=\"15\">\n<rect width=\"100%\" height=\"100%\" fill=\"{BACKGROUND}\"/>\n",
            columns * WIDTH,
            rows * HEIGHT
        );
        for y in 0..rows {
            let mut x = 0;
            while x < columns {
                let cell = &buffer[(x as u16, y as u16)];
                let style = (cell.fg, cell.bg, cell.modifier);
                let start = x;
                let mut text = String::new();
                while x < columns {
                    let next = &buffer[(x as u16, y as u16)];
                    if (next.fg, next.bg, next.modifier) != style {
                        break;
                    }
                    text.push_str(next.symbol());
                    x += 1;
                }
                let (mut fg, mut bg) = (hex(style.0, FOREGROUND), hex(style.1, BACKGROUND));
                if style.2.contains(Modifier::REVERSED) {
                    std::mem::swap(&mut fg, &mut bg);
                }
                if bg != BACKGROUND {
                    let _ = writeln!(
                        out,
                        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{HEIGHT}\" fill=\"{bg}\"/>",
                        start * WIDTH,
                        y * HEIGHT,
                        (x - start) * WIDTH
                    );
                }
                if text.trim().is_empty() {
                    continue;
                }
                let weight = if style.2.contains(Modifier::BOLD) {
                    " font-weight=\"bold\""
                } else {
                    ""
                };
                let _ = writeln!(
                    out,
                    "<text x=\"{}\" y=\"{}\" fill=\"{fg}\"{weight} xml:space=\"preserve\" textLength=\"{}\">{}</text>",
                    start * WIDTH,
                    y * HEIGHT + 14,
                    (x - start) * WIDTH,
                    escape(&text)
                );
            }
        }
        out.push_str("</svg>\n");
        out
    }

    /// The frame as a PNG picture, each cell's symbol drawn in `DejaVu Sans Mono` (bundled, so the
    /// picture is the same on every machine) on its background: the README's picture of
    /// `grundy play`, made from the screen the program draws.
    fn png(buffer: &ratatui::buffer::Buffer) -> Vec<u8> {
        use ab_glyph::{Font as _, FontRef, PxScale, ScaleFont as _, point};
        const FONT: &[u8] = include_bytes!("../../../grundy/assets/fonts/DejaVuSansMono.ttf");
        const WIDTH: usize = 9;
        const HEIGHT: usize = 18;
        let rgb = |colour: Color, default: [u8; 3]| match colour {
            Color::Green => [0x4c, 0xaf, 0x50],
            Color::Red => [0xef, 0x53, 0x50],
            Color::Yellow => [0xfd, 0xd8, 0x35],
            Color::Blue => [0x42, 0xa5, 0xf5],
            Color::DarkGray => [0x8a, 0x8a, 0x8a],
            _ => default,
        };
        let font = FontRef::try_from_slice(FONT).expect("the bundled font reads");
        // The scale whose ascent plus descent is one row: box-drawing lines join across rows.
        let scale = PxScale::from(HEIGHT as f32);
        let ascent = font.as_scaled(scale).ascent();
        let (columns, rows) = (
            usize::from(buffer.area.width),
            usize::from(buffer.area.height),
        );
        let (width, height) = (columns * WIDTH, rows * HEIGHT);
        let mut pixels = vec![0u8; width * height * 3];
        for y in 0..rows {
            for x in 0..columns {
                let cell = &buffer[(x as u16, y as u16)];
                let (mut fg, mut bg) = (rgb(cell.fg, [0xd8; 3]), rgb(cell.bg, [0x1e; 3]));
                if cell.modifier.contains(Modifier::REVERSED) {
                    std::mem::swap(&mut fg, &mut bg);
                }
                for row in y * HEIGHT..(y + 1) * HEIGHT {
                    for column in x * WIDTH..(x + 1) * WIDTH {
                        let at = (row * width + column) * 3;
                        pixels[at..at + 3].copy_from_slice(&bg);
                    }
                }
                let Some(symbol) = cell.symbol().chars().next().filter(|c| *c != ' ') else {
                    continue;
                };
                let glyph = font.glyph_id(symbol).with_scale_and_position(
                    scale,
                    point((x * WIDTH) as f32, (y * HEIGHT) as f32 + ascent),
                );
                let Some(outline) = font.outline_glyph(glyph) else {
                    continue;
                };
                let bounds = outline.px_bounds();
                outline.draw(|dx, dy, coverage| {
                    let column = usize::try_from(bounds.min.x as i64 + i64::from(dx));
                    let row = usize::try_from(bounds.min.y as i64 + i64::from(dy));
                    let (Ok(column), Ok(row)) = (column, row) else {
                        return;
                    };
                    if column >= width || row >= height {
                        return;
                    }
                    let at = (row * width + column) * 3;
                    for channel in 0..3 {
                        let (under, over) =
                            (f32::from(pixels[at + channel]), f32::from(fg[channel]));
                        pixels[at + channel] =
                            (under + (over - under) * coverage.clamp(0.0, 1.0)).round() as u8;
                    }
                });
            }
        }
        let mut bytes = Vec::new();
        let mut encoder = ::png::Encoder::new(&mut bytes, width as u32, height as u32);
        encoder.set_color(::png::ColorType::Rgb);
        encoder.set_depth(::png::BitDepth::Eight);
        let mut writer = encoder.write_header().expect("a PNG header");
        writer.write_image_data(&pixels).expect("the PNG's pixels");
        writer.finish().expect("the PNG ends");
        bytes
    }

    #[test]
    fn long_move_labels_are_cut_so_values_stay_visible_at_80_by_24() {
        let game = parse_game("nim[3] + subtraction:1,3,4[100] + kayles[10] + wythoff[3,5]")
            .expect("spec");
        let options = Analyzer::new(Config::default())
            .options(&game, &grundy::Position::Sum)
            .expect("options");
        let session = Session::new(options, Player::Human);
        let view = View {
            hints: true,
            selected: 0,
            typed: String::new(),
            typed_at: None,
            message: String::new(),
        };
        let mut terminal = Terminal::new(TestBackend::new(80, 24)).expect("a test terminal");
        terminal
            .draw(|frame| draw(frame, &session, &view))
            .expect("drawn");
        let buffer = terminal.backend().buffer().clone();
        // The moves' pane is the left 62 % of the screen (49 columns at 80).
        let moves: Vec<String> = (0..buffer.area.height)
            .map(|y| row(&buffer, y).chars().take(49).collect::<String>())
            .filter(|line| line.contains("  1. ") || line.contains("  2. "))
            .collect();
        assert_eq!(moves.len(), 2, "{moves:?}");
        for line in moves {
            let (_, after) = line
                .split_once('…')
                .unwrap_or_else(|| panic!("not cut: {line}"));
            assert!(after.contains("win") || after.contains("lose"), "{line}");
        }
    }

    #[test]
    fn a_digit_after_a_pause_starts_a_new_move_number() {
        let mut view = View {
            hints: false,
            selected: 0,
            typed: String::new(),
            typed_at: None,
            message: String::new(),
        };
        let start = std::time::Instant::now();
        view.type_digit('2', 30, start);
        view.type_digit('3', 30, start + std::time::Duration::from_millis(300));
        assert_eq!((view.typed.as_str(), view.selected), ("23", 22));
        // 2.5 s later: a new number, not move 233.
        view.type_digit('4', 30, start + std::time::Duration::from_millis(2800));
        assert_eq!((view.typed.as_str(), view.selected), ("4", 3));
        assert!(view.message.is_empty(), "{}", view.message);
    }

    #[test]
    fn the_readme_picture_is_this_frame() {
        // nim 3,4,5 with hints, after you took 2 from heap 1 and the computer answered.
        let analyzer = Analyzer::new(Config::default());
        let game = parse_game("nim").expect("spec");
        let start = analyzer
            .options(&game, &game.parse_position("3,4,5").expect("heaps"))
            .expect("options");
        let mut session = Session::new(start, Player::Human);
        for _ in 0..2 {
            let index = match session.to_move() {
                Player::Human => 1,
                Player::Computer => session.current().best().expect("a move"),
            };
            let (game, position) = session.current().leads_to(index).expect("a move");
            let next = analyzer.options(&game, &position).expect("options");
            session.play(index, next).expect("legal");
        }
        let view = View {
            hints: true,
            selected: 4,
            typed: String::new(),
            typed_at: None,
            message: "the computer played take 1 from heap 1".to_owned(),
        };
        let mut terminal = Terminal::new(TestBackend::new(104, 24)).expect("a test terminal");
        terminal
            .draw(|frame| draw(frame, &session, &view))
            .expect("drawn");
        let picture = svg(terminal.backend().buffer());
        assert!(
            picture.contains("fill=\"#4caf50\""),
            "a winning move is green"
        );
        assert!(picture.contains("fill=\"#ef5350\""), "a losing move is red");
        // GRUNDY_BLESS=1 rewrites the picture after a deliberate change of the screen.
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../docs/images/play-nim.svg"
        );
        if std::env::var_os("GRUNDY_BLESS").is_some() {
            std::fs::write(path, &picture).expect("the picture is written");
        }
        let committed = std::fs::read_to_string(path).expect("docs/images/play-nim.svg exists");
        assert!(
            committed == picture,
            "the screen changed: run with GRUNDY_BLESS=1 to redraw docs/images/play-nim.svg"
        );
        let picture = png(terminal.backend().buffer());
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../docs/images/play-nim.png"
        );
        if std::env::var_os("GRUNDY_BLESS").is_some() {
            std::fs::write(path, &picture).expect("the picture is written");
        }
        let committed = std::fs::read(path).expect("docs/images/play-nim.png exists");
        assert!(
            committed == picture,
            "the screen changed: run with GRUNDY_BLESS=1 to redraw docs/images/play-nim.png"
        );
    }
}
