//! The `grundy` command: parses arguments, calls the library once, prints the answer.

mod arguments;
mod campaign;
mod judge;
mod long_run;
mod options;
mod output;
mod period;
mod play;
mod plot;
mod progress;
mod serve;
mod survey;
mod wording;

use std::process::ExitCode;

use clap::Parser;
use grundy::{Analyzer, Config};

use crate::wording::{message, remedy};

use anyhow::Context as _;

use crate::arguments::{
    Cli, CodegenArguments, Command, Common, ContestArgs, ExplainArgs, FormatName, LanguageName,
    PatternArgs, RuleName, VerifyArgs, engine_config, language,
};
use crate::options::{
    MAX_INPUT_BYTES, default_max_memory, parse_count, parse_factor, parse_number, parse_seconds,
    parse_size, read_bounded, read_game, read_position, write_new_file,
};
use crate::progress::TerminalObserver;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            let code = exit_code(&error);
            eprintln!("error: {}", message(&error));
            if let Some(remedy) = remedy(&error) {
                eprintln!("  hint: {remedy}");
            }
            ExitCode::from(code)
        }
    }
}

/// `grundy table GAME`: a table of one heap, or the grid of a game of two heaps.
fn table(
    game: &str,
    from: &str,
    to: &str,
    width: usize,
    common: &Common,
    observer: &TerminalObserver,
) -> anyhow::Result<()> {
    let analyzer = common.analyzer(observer)?;
    let game = read_game(game)?;
    let to = parse_number(to, "--to")?;
    let from = parse_number(from, "--from")?;
    let tabulation = analyzer.tabulate(&game, &from, &to);
    observer.finish();
    output::tabulation(&tabulation?, common.json, width)
}

/// A bound of a pattern's range, when given.
fn pattern_bound(text: Option<&str>, flag: &'static str) -> anyhow::Result<Option<u64>> {
    text.map(|text| {
        let n = parse_number(text, flag)?;
        u64::try_from(&n)
            .map_err(|_| anyhow::anyhow!("{flag} {text} is beyond any table grundy computes"))
    })
    .transpose()
}

/// `grundy pattern GAME`: the rules of the game's table.
fn pattern(args: &PatternArgs, observer: &TerminalObserver) -> anyhow::Result<()> {
    let analyzer = args.common.analyzer(observer)?;
    let game = read_game(&args.game)?;
    let plan = grundy::analysis::pattern::PatternPlan {
        to: pattern_bound(args.to.as_deref(), "--to")?,
        check_to: pattern_bound(args.check_to.as_deref(), "--check-to")?,
    };
    let report = analyzer.pattern(&game, &plan);
    observer.finish();
    output::pattern(&report?, args.common.json)
}

/// `grundy verify GAME`: every fast path against the brute force; exit 1 at a disagreement.
fn verify_brute_force(args: &VerifyArgs, observer: &TerminalObserver) -> anyhow::Result<()> {
    let Some(game) = &args.game else {
        anyhow::bail!(
            "give the game to verify, e.g. grundy verify subtraction:1,3,4 — or a program to check with --against CMD --io FORMAT"
        );
    };
    if args.io.is_some() {
        anyhow::bail!("--io describes the program given with --against: give both, or neither");
    }
    let mut config = judge::config(
        args.max.as_deref(),
        args.max_memory.as_deref(),
        args.timeout.as_deref(),
    )?;
    if let Some(threads) = args.threads {
        config = config.with_threads(threads)?;
    }
    let analyzer = Analyzer::new(config).with_observer(observer);
    let game = read_game(game)?;
    let to = match &args.to {
        Some(text) => parse_count(text, "--to", 0, grundy::limits::VERIFY_MOST_TO)?,
        None => grundy::analysis::verify::default_to(&game),
    };
    let verification = analyzer.verify(&game, to, args.seed);
    observer.finish();
    let verification = verification?;
    output::verification(&verification, args.json)?;
    match verification.first_disagreement() {
        Some(_) => Err(Disagreed.into()),
        None => Ok(()),
    }
}

/// A check found a disagreement (its report is on stdout): exit status 1.
#[derive(Debug)]
struct Disagreed;

impl std::fmt::Display for Disagreed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a fast path disagrees with the brute force (the first disagreement is above)")
    }
}

impl std::error::Error for Disagreed {}

fn exit_code(error: &anyhow::Error) -> u8 {
    if error.is::<Disagreed>() || error.downcast_ref::<judge::Disagreement>().is_some() {
        return 1;
    }
    let library = error.downcast_ref::<grundy::Error>().or_else(|| {
        match error.downcast_ref::<grundy_campaign::CampaignError>() {
            Some(grundy_campaign::CampaignError::Grundy(error)) => Some(error),
            _ => None,
        }
    });
    match error.downcast_ref::<grundy_campaign::CampaignError>() {
        Some(grundy_campaign::CampaignError::Interrupted { .. }) => {
            return progress::interrupted_status();
        }
        Some(
            grundy_campaign::CampaignError::Database(_)
            | grundy_campaign::CampaignError::Postgres(_)
            | grundy_campaign::CampaignError::Damaged { .. },
        ) => return 1,
        _ => {}
    }
    match library {
        Some(grundy::Error::Interrupted { .. }) => progress::interrupted_status(),
        Some(grundy::Error::Internal(_)) => 1,
        _ => 2,
    }
}

/// `grundy contest oddball`: the judge's answer for the input on stdin.
fn contest(
    max: &str,
    max_memory: Option<&str>,
    timeout: Option<&str>,
    observer: &TerminalObserver,
) -> anyhow::Result<()> {
    let max = parse_count(max, "--max", 1, u64::from(u32::MAX))?;
    let memory = match max_memory {
        Some(text) => parse_size(text, "--max-memory")?,
        None => default_max_memory(),
    };
    let max = usize::try_from(max).context("--max is too large for this machine")?;
    let mut config = Config::default().with_max_memory(memory)?;
    if let Some(text) = timeout {
        config = config.with_timeout(parse_seconds(text, "--timeout")?);
    }
    let analyzer = Analyzer::new(config).with_observer(observer);
    let input = read_bounded(
        std::io::stdin().lock(),
        "the judge's input on stdin",
        MAX_INPUT_BYTES,
    )
    .map_err(anyhow::Error::msg)?;
    let input = grundy::input::contest::read_contest(&input, max).map_err(|error| match error {
        grundy::input::contest::ContestError::PileTooLarge { pile, mut error } => {
            error.hint = Some(if u32::try_from(pile).is_ok() {
                format!("raise the limit with --max {pile}")
            } else {
                format!("no --max is enough: --max accepts at most {}", u32::MAX)
            });
            error
        }
        other @ grundy::input::contest::ContestError::Input(_) => other.into_input_error(),
    })?;
    let answers = analyzer.contest(&input);
    observer.finish();
    output::contest(&answers?)
}

/// `grundy codegen`: the source of a contest solution, on stdout or in a new file.
fn codegen(arguments: &CodegenArguments, observer: &TerminalObserver) -> anyhow::Result<()> {
    use grundy::analysis::codegen::CodegenError;
    let CodegenArguments {
        game,
        lang: language,
        io,
        out,
        force,
        rule,
        rule_to,
        rule_check_to,
        max,
        max_memory,
        timeout,
    } = arguments;
    let rules = match rule {
        RuleName::Never => grundy::analysis::codegen::RuleUse::Never,
        RuleName::Certified => grundy::analysis::codegen::RuleUse::Certified,
        RuleName::Observed => grundy::analysis::codegen::RuleUse::Observed,
    };
    let language = *language;
    let config = judge::config(max.as_deref(), max_memory.as_deref(), timeout.as_deref())?;
    let analyzer = Analyzer::new(config).with_observer(observer);
    let format = judge::read_format(io)?;
    let game = game.as_deref().map(read_game).transpose()?;
    let plan = grundy::analysis::pattern::PatternPlan {
        to: pattern_bound(rule_to.as_deref(), "--rule-to")?,
        check_to: pattern_bound(rule_check_to.as_deref(), "--rule-check-to")?,
    };
    let program = analyzer.program_with(game.as_ref(), &format, rules, &plan);
    observer.finish();
    let program = program
        .map_err(|error| match error {
            CodegenError::Analysis(error) => anyhow::Error::new(error),
            CodegenError::NoProgram { game, why } => {
                let hint = match why {
                    grundy::analysis::codegen::NoProgram::NeedsGame => format!(
                        "\n  hint: give the game before the options, e.g. grundy codegen nim --lang {} --io {format}",
                        language_of(language).name()
                    ),
                    grundy::analysis::codegen::NoProgram::GameInInput { .. } => {
                        "\n  hint: drop the game: the input gives it".to_owned()
                    }
                    grundy::analysis::codegen::NoProgram::NoRule { observed: true, .. } => {
                        "\n  hint: --rule observed accepts a rule seen on every position computed, without a proof (the program's header says so); grundy pattern shows it".to_owned()
                    }
                    grundy::analysis::codegen::NoProgram::NoRule { constant: true, .. } => {
                        String::new()
                    }
                    grundy::analysis::codegen::NoProgram::NoRule { observed: false, .. } => {
                        "\n  hint: grundy pattern GAME --to N looks further; a larger table may show a rule".to_owned()
                    }
                    grundy::analysis::codegen::NoProgram::Script
                    | grundy::analysis::codegen::NoProgram::Searched
                        if matches!(rule, RuleName::Never) =>
                    {
                        "\n  hint: --rule observed rests the program on the rule grundy pattern finds in the game's table, if one holds there".to_owned()
                    }
                    _ => String::new(),
                };
                anyhow::anyhow!("no program can be generated for {game} in --io {format}: {why}{hint}")
            }
        })?;
    let text = grundy::render::codegen::source(&program, language_of(language));
    let Some(path) = out else {
        return output::text(&text);
    };
    write_new_file(path, &text, *force)
}

/// The library's language for the command line's.
fn language_of(language: LanguageName) -> grundy::render::codegen::Language {
    use grundy::render::codegen::Language;
    match language {
        LanguageName::Cpp => Language::Cpp,
        LanguageName::Python => Language::Python,
        LanguageName::Java => Language::Java,
        LanguageName::Rust => Language::Rust,
    }
}

/// `grundy contest [GAME] --io FORMAT`; `oddball` alone is the contest game's own judge.
fn contest_command(args: &ContestArgs, observer: &TerminalObserver) -> anyhow::Result<()> {
    let (game, max) = (args.game.as_deref(), args.max.as_deref());
    let (max_memory, timeout) = (args.max_memory.as_deref(), args.timeout.as_deref());
    let format = args.io.as_deref().map(judge::read_format).transpose()?;
    // The contest game's own judge: named alone (`grundy contest oddball`), or its preset.
    let lanqiao = Some(grundy::input::judge_format::Preset::Lanqiao2016Qiuqiu);
    let named = game.and_then(grundy::input::judge_format::Preset::of_problem_name);
    // With --io the format's description reads the input, presets included (the Lanqiao
    // preset reads its statement's five piles); without it, any number of piles.
    let oddball = format.is_none() && named == lanqiao;
    if oddball {
        return contest(max.unwrap_or("1000000"), max_memory, timeout, observer);
    }
    let Some(format) = format else {
        anyhow::bail!(
            "give the judge format with --io FORMAT, e.g. grundy contest wythoff --io hdu-1527 or grundy contest nim --io heaps/yes-no (grundy contest --help lists them; grundy contest oddball answers the Lanqiao 2016 contest game)"
        );
    };
    // `oddball` names the game the Lanqiao preset reads from its input: nothing to resolve.
    let game = if format.preset == lanqiao && named == lanqiao {
        None
    } else {
        game
    };
    let game = judge::resolve_game(&format, game)?;
    let config = judge::config(max, max_memory, timeout)?;
    judge::contest(&format, game.as_ref(), config, observer)
}

/// `grundy verify`: with --against, checks a program on generated test inputs.
fn verify(args: &VerifyArgs, observer: &TerminalObserver) -> anyhow::Result<()> {
    match &args.against {
        Some(command) => verify_against(args, command, observer),
        None => verify_brute_force(args, observer),
    }
}

/// `grundy verify [GAME] --against CMD --io FORMAT`.
fn verify_against(
    args: &VerifyArgs,
    command: &str,
    observer: &TerminalObserver,
) -> anyhow::Result<()> {
    let Some(io) = &args.io else {
        anyhow::bail!(
            "give the format the program reads and prints with --io FORMAT, e.g. --io hdu-1527 or --io lines/yes-no (grundy contest --help lists them)"
        );
    };
    let format = judge::read_format(io)?;
    let game = judge::resolve_game(&format, args.game.as_deref())?;
    let config = judge::config(args.max.as_deref(), args.max_memory.as_deref(), None)?;
    let trial = judge::Trial {
        command,
        inputs: usize::try_from(args.cases).context("--cases is too large for this machine")?,
        seed: args.seed,
        time_limit: parse_seconds(&args.time_limit, "--time-limit")?,
    };
    judge::verify_against(&format, game.as_ref(), config, &trial, observer)
}

/// `grundy explain`: the derivation of a game's answer, as text, Markdown or JSON.
fn explain(args: ExplainArgs, observer: &TerminalObserver) -> anyhow::Result<()> {
    let analyzer = args.common.analyzer(observer)?;
    let game = read_game(&args.game)?;
    let position = match args.position {
        Some(text) => Some(read_position(&game, &text)?),
        None => game.default_position(),
    };
    let explanation = analyzer.explain(&game, position.as_ref());
    observer.finish();
    let format = match args.format {
        FormatName::Text => grundy::render::explain::Format::Text,
        FormatName::Markdown => grundy::render::explain::Format::Markdown,
    };
    output::explanation(
        &explanation?,
        args.common.json,
        format,
        language(args.lang),
        args.width,
    )
}

fn run(cli: Cli) -> anyhow::Result<()> {
    let observer = TerminalObserver::install();
    match cli.command {
        Command::Solve {
            game,
            position,
            common,
        } => {
            let analyzer = common.analyzer(&observer)?;
            let game = read_game(&game)?;
            let position = match position {
                Some(text) => read_position(&game, &text)?,
                None => game.default_position().with_context(|| {
                    format!(
                        "the position of {game} is missing: give it after the game, e.g. grundy solve {game} {}",
                        game.example_position()
                    )
                })?,
            };
            let solution = analyzer.solve(&game, &position);
            observer.finish();
            output::solution(&solution?, common.json)
        }
        Command::Table {
            game,
            to,
            from,
            width,
            common,
        } => table(&game, &from, &to, width, &common, &observer),
        Command::Pattern(args) => pattern(&args, &observer),
        Command::Sequence {
            code,
            to,
            out,
            text,
            checkpoint,
            checkpoint_every,
            compute_all,
            json,
            engine,
            threads,
            max_memory,
            timeout,
        } => {
            let game = read_game(&code)?;
            let to = parse_number(&to, "--to")?;
            let to = u64::try_from(&to).unwrap_or(u64::MAX);
            let memory = match &max_memory {
                Some(text) => parse_size(text, "--max-memory")?,
                None => default_max_memory(),
            };
            let mut config = engine_config(engine, threads)?.with_max_memory(memory)?;
            if let Some(text) = &timeout {
                config = config.with_timeout(parse_seconds(text, "--timeout")?);
            }
            let count = to.checked_add(1).context("--to is too large")?;
            let analyzer = Analyzer::new(config).with_observer(&observer);
            let run = analyzer
                .sequence(&game, count)?
                .finish_by_period(!compute_all);
            let plan = long_run::Plan {
                checkpoint: checkpoint.as_deref(),
                every: checkpoint_every,
                out: out.as_deref(),
                text: text.as_deref(),
            };
            let summary = long_run::run(run, &plan, &observer)?;
            output::sequence_summary(&summary, json)
        }
        Command::Plot(args) => plot::run(&args, &observer),
        Command::Contest(args) => contest_command(&args, &observer),
        Command::Verify(args) => verify(&args, &observer),
        Command::Codegen(arguments) => codegen(&arguments, &observer),
        Command::Explain(args) => explain(args, &observer),
        Command::Play(args) => play::run(&args, &observer),
        Command::Serve(args) => serve::run(&args),
        Command::Campaign { command } => campaign::run(&command, &observer),
        Command::Nimber { factors, json } => {
            let factors = factors
                .iter()
                .map(|text| parse_factor(text))
                .collect::<Result<Vec<_>, _>>()?;
            let product = grundy::analysis::nimber::nim_product(&factors)?;
            output::nim_product(&product, json)
        }
        Command::Period {
            games,
            common,
            quotient,
            survey,
        } => {
            if survey::is_survey(&games, &survey) {
                return survey::run(common.config()?, &games, &survey, &quotient, common.json);
            }
            let analyzer = common.analyzer(&observer)?;
            let game = read_game(&games[0])?;
            period::run(&analyzer, &game, &quotient, common.json, &observer)
        }
    }
}
