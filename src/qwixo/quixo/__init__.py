"""Quixo: bitboard rules, notation, solver and search bots."""
