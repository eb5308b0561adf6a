"""What Qwixx says about itself to the layers above the games (:class:`qwixo.gameinfo.GameInfo`),
registered under the entry point group ``qwixo.games`` (``pyproject.toml``)."""

from __future__ import annotations

from qwixo.gameinfo import GameInfo, News, Setting, Stat
from qwixo.qwixx.editions import EDITIONS
from qwixo.qwixx.game import MAX_PLAYERS

#: the player counts of a game (1: solitaire)
PLAYERS = tuple(range(1, MAX_PLAYERS + 1))

INFO = GameInfo(
    name="qwixx",
    title="Qwixx",
    game="qwixo.qwixx.game:QwixxGame",
    players=PLAYERS,
    default_players=2,
    utility="points",
    dice=True,
    settings=(
        Setting("edition", "choice", "classic", label="web_edition",
                help="clih_play_qwixx_edition", choices=tuple(EDITIONS),
                choice_label="web_edition_", rated="class"),
        Setting("scorepad", "bool", False, label="web_scorepad", cli=False, room=True),
        Setting("seed", "int", None, help="clih_play_qwixx_seed", nullable=True, note="int",
                lobby=False),
        Setting("lucky", "other", None, nullable=True, note="pairs", lobby=False, cli=False),
    ),
    rating_class_template="qwixx-{edition}-{players}p",
    rated_players=PLAYERS[1:],
    tournament={"edition": "classic"},
    length="rolls",
    news=(News("lock", "announce_row_locked", ("row",), upper=("row",), together=True),
          News("penalty", "announce_penalty", ("player", "count"))),
    renderer="qwixx",
    bots="qwixo.qwixx.bots:BOTS",
    hint="qwixo.qwixx.bots_cli:hint_answer",
    analysis="qwixo.qwixx.analysis:analyse",
    tables="qwixo.qwixx.analysis:prepare",
    env_codec="qwixo.envs.qwixx_codec:QwixxCodec",
    jax_env="qwixo.qwixx.jax_env:JAX",
    oracle="qwixo.qwixx.oracle:of_env",
    editions="qwixo.qwixx.editions:EDITIONS",
    details="qwixo.qwixx.view:details",
    stats=(Stat("crosses", "mean_by_key", "mean_crosses", "acct_mean_crosses"),
           Stat("locks", "mean", "mean_locks", "acct_mean_locks"),
           Stat("penalties", "mean", "mean_penalties", "acct_mean_penalties"),
           Stat("lucky", "mean", "mean_lucky", "acct_mean_lucky"),
           Stat("bonus", "mean", "mean_bonus", "acct_mean_bonus")),
    bot_ratings="qwixo.qwixx:data/bot_ratings.json",
    resign=True, draws=False, hints=True, simultaneous=True, hidden=True, chance=True,
    scorepad=True, timeout="forfeit", timeout_decision="pass",
)
