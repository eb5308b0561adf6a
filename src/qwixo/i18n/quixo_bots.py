"""Texts of the Quixo bots and hints (``qwixo quixo hint``, the terminal's ``hint``)."""

TEXTS: dict[str, dict[str, str]] = {
    "quixo_bots_value_db": {
        "en": "Value for {side}: {value} (database).",
        "tr": "{side} için değer: {value} (veritabanı).",
        "it": "Valore per {side}: {value} (database).",
        "pl": "Wartość dla {side}: {value} (baza danych).",
    },
    "quixo_bots_value_search": {
        "en": "Value for {side}: {value} (search to depth {depth}, {seconds} s).",
        "tr": "{side} için değer: {value} ({depth} derinliğe kadar arama, {seconds} sn).",
        "it": "Valore per {side}: {value} (ricerca a profondità {depth}, {seconds} s).",
        "pl": "Wartość dla {side}: {value} (przeszukiwanie do głębokości {depth}, {seconds} s).",
    },
    "quixo_bots_in_plies": {
        "en": "{value} in {plies} plies",
        "tr": "{plies} hamlede {value}",
        "it": "{value} in {plies} semimosse",
        "pl": "{value} w {plies} półruchach",
    },
    "quixo_bots_in_ply": {
        "en": "{value} in {plies} ply",
        "tr": "{plies} hamlede {value}",
        "it": "{value} in {plies} semimossa",
        "pl": "{value} w {plies} półruchu",
    },
    "quixo_bots_score": {
        "en": "score {score} (heuristic)",
        "tr": "puan {score} (sezgisel)",
        "it": "punteggio {score} (euristico)",
        "pl": "ocena {score} (heurystyczna)",
    },
    "quixo_bots_best_moves": {
        "en": "Best moves:",
        "tr": "En iyi hamleler:",
        "it": "Mosse migliori:",
        "pl": "Najlepsze ruchy:",
    },
    "quixo_bots_more_moves": {
        "en": "... and {count} more",
        "tr": "... ve {count} hamle daha",
        "it": "... e altre {count}",
        "pl": "... i {count} więcej",
    },
    "quixo_bots_only_pass": {
        "en": "No cube can be taken: the only move is to pass.",
        "tr": "Alınabilecek küp yok: tek hamle pas geçmek.",
        "it": "Nessun cubo può essere preso: l'unica mossa è passare.",
        "pl": "Nie można wziąć żadnej kostki: jedynym ruchem jest pas.",
    },
    "quixo_bots_game_over": {
        "en": "The game is over: no hint.",
        "tr": "Oyun bitti: ipucu yok.",
        "it": "La partita è finita: nessun suggerimento.",
        "pl": "Gra się skończyła: brak podpowiedzi.",
    },
}
