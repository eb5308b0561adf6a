"""The phases of a Qwixx turn, as :attr:`qwixo.qwixx.game.QwixxGame.phase` names them."""

ROLL, ACTION1, ACTION2, OVER = "roll", "action1", "action2", "over"
#: in the order of the kernels' ``P_ROLL``, ``P_ACTION1``, ``P_ACTION2``, ``P_OVER``
PHASES = (ROLL, ACTION1, ACTION2, OVER)
