"""qwixo — Qwixx (six editions) and Quixo: exact rules, fast kernels, solvers, bots, web app.

>>> import qwixo
>>> g = qwixo.new_game("quixo", size=3)
>>> g.to_act
[0]
"""

from qwixo.bots import list_bots, make_bot
from qwixo.core import Game, IllegalMove, game_info, game_names, load_game, new_game

__all__ = ["Game", "IllegalMove", "game_info", "game_names", "list_bots", "load_game",
           "make_bot", "new_game"]
__version__ = "0.1.0"
