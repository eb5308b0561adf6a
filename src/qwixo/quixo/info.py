"""What Quixo says about itself to the layers above the games (:class:`qwixo.gameinfo.GameInfo`),
registered under the entry point group ``qwixo.games`` (``pyproject.toml``)."""

from __future__ import annotations

from qwixo.gameinfo import GameInfo, Setting, Stat
from qwixo.quixo.tables import END_RULES, MAX_SIZE, MIN_SIZE

INFO = GameInfo(
    name="quixo",
    title="Quixo",
    game="qwixo.quixo.game:QuixoGame",
    players=(2, 4),
    default_players=2,
    utility="win_loss",
    settings=(
        Setting("size", "int", 5, label="web_board_size", help="clih_size_3_7",
                min=MIN_SIZE, max=MAX_SIZE, rated="class"),
        Setting("ply_limit", "int", None, label="clih_play_quixo_ply_limit", min=1,
                nullable=True, note="int >= 1 or null", lobby=False,
                rated="fixed", rated_value=END_RULES["ply_limit"]),
        Setting("repetition", "other", None, nullable=True, note="int >= 2, true or null",
                lobby=False, cli=False, rated="fixed", rated_value=END_RULES["repetition"]),
    ),
    # (the end rules of every rated game, as of a game against a bot: QuixoGame.bot_settings;
    # a creator's own ply limit would decide the game: a draw after one move)
    teams={4: ((0, 2), (1, 3))},
    rating_class_template="quixo-{size}x{size}-{players}p",
    rated_players=(2, 4),
    # a tournament's games are drawn after 300 plies or on the third repetition
    tournament={"ply_limit": 300, "repetition": 3},
    length="plies",
    renderer="quixo",
    bots="qwixo.quixo.bots:BOTS",
    hint="qwixo.quixo.bots_cli:hint_answer",
    analysis="qwixo.quixo.analysis:analyse",
    tables="qwixo.quixo.analysis:prepare",
    puzzles="qwixo.quixo.puzzles",
    unrated_settings=("position", "first"),
    env_codec="qwixo.envs.quixo_codec:QuixoCodec",
    jax_env="qwixo.quixo.jax_env:JAX",
    oracle="qwixo.quixo.oracle:of_env",
    details="qwixo.quixo.view:details",
    stats=(Stat("opponent_line", "sum", "wins_by_opponent_line",
                "acct_wins_by_opponent_line"),
           Stat("lines_by_opponent", "sum", "lines_by_opponent_push",
                "acct_lines_by_opponent_push")),
    bot_ratings="qwixo.quixo:data/bot_ratings.json",
    resign=True, draws=True, hints=True, simultaneous=False, hidden=False, chance=False,
    scorepad=False, timeout="forfeit",
)
