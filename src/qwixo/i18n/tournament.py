"""Texts of ``qwixo tournament``."""

TEXTS: dict[str, dict[str, str]] = {
    "tournament_no_bots": {
        "en": "Name at least one bot with --bots.",
        "tr": "--bots ile en az bir bot belirtin.",
        "it": "Indica almeno un bot con --bots.",
        "pl": "Podaj co najmniej jednego bota w --bots.",
    },
    "tournament_no_dask": {
        "en": "--cluster needs Dask: pip install 'qwixo[cluster]'.",
        "tr": "--cluster için Dask gerekir: pip install 'qwixo[cluster]'.",
        "it": "--cluster richiede Dask: pip install 'qwixo[cluster]'.",
        "pl": "--cluster wymaga Daska: pip install 'qwixo[cluster]'.",
    },
    "tournament_no_cluster": {
        "en": "Cannot reach the Dask scheduler {address}: {why}",
        "tr": "{address} Dask zamanlayıcısına ulaşılamıyor: {why}",
        "it": "Impossibile raggiungere lo scheduler Dask {address}: {why}",
        "pl": "Nie można połączyć się z planistą Daska {address}: {why}",
    },
    "tournament_bad_number": {
        "en": "{name} must be a positive number, not {value}.",
        "tr": "{name} pozitif bir sayı olmalı, {value} değil.",
        "it": "{name} deve essere un numero positivo, non {value}.",
        "pl": "{name} musi być liczbą dodatnią, a nie {value}.",
    },
    "tournament_wrong_setting": {
        "en": "{setting} does not apply to {game}.",
        "tr": "{setting} {game} için geçerli değil.",
        "it": "{setting} non vale per {game}.",
        "pl": "{setting} nie dotyczy gry {game}.",
    },
    "tournament_title": {
        "en": "{game} tournament: {games} games, {players} players per game, {settings}",
        "tr": "{game} turnuvası: {games} oyun, oyun başına {players} oyuncu, {settings}",
        "it": "Torneo di {game}: {games} partite, {players} giocatori a partita, {settings}",
        "pl": "Turniej {game}: {games} gier, {players} graczy na grę, {settings}",
    },
    "tournament_progress_line": {
        "en": "{done}/{total} games, {elapsed} s, about {left} s left",
        "tr": "{done}/{total} oyun, {elapsed} sn, yaklaşık {left} sn kaldı",
        "it": "{done}/{total} partite, {elapsed} s, circa {left} s rimanenti",
        "pl": "{done}/{total} gier, {elapsed} s, zostało około {left} s",
    },
    "tournament_progress": {
        "en": "Playing games",
        "tr": "Oyunlar oynanıyor",
        "it": "Partite in corso",
        "pl": "Rozgrywanie gier",
    },
    "tournament_col_rating": {"en": "rating", "tr": "puan", "it": "punteggio", "pl": "ranking"},
    "tournament_col_deviation": {
        "en": "deviation", "tr": "sapma", "it": "deviazione", "pl": "odchylenie",
    },
    "tournament_ratings_title": {
        "en": "Ratings in class {cls} ({system}, the same code as rated games):",
        "tr": "{cls} sınıfında puanlar ({system}, puanlı oyunlarla aynı kod):",
        "it": "Punteggi nella classe {cls} ({system}, lo stesso codice delle partite valide "
              "per la classifica):",
        "pl": "Rankingi w klasie {cls} ({system}, ten sam kod co w partiach rankingowych):",
    },
    "tournament_system_glicko2": {"en": "Glicko-2", "tr": "Glicko-2", "it": "Glicko-2",
                                  "pl": "Glicko-2"},
    "tournament_system_openskill": {
        "en": "OpenSkill Weng-Lin Plackett-Luce", "tr": "OpenSkill Weng-Lin Plackett-Luce",
        "it": "OpenSkill Weng-Lin Plackett-Luce", "pl": "OpenSkill Weng-Lin Plackett-Luce",
    },
    "tournament_not_rated": {
        "en": "Solo games are not rated.",
        "tr": "Tek kişilik oyunlar puanlanmaz.",
        "it": "Le partite in solitario non sono valutate.",
        "pl": "Gry jednoosobowe nie są oceniane.",
    },
    "tournament_col_bot": {"en": "bot", "tr": "bot", "it": "bot", "pl": "bot"},
    "tournament_col_games": {"en": "games", "tr": "oyun", "it": "partite", "pl": "gry"},
    "tournament_col_wins": {
        "en": "win rate", "tr": "kazanma oranı", "it": "% vittorie", "pl": "odsetek wygranych",
    },
    "tournament_col_ci": {
        "en": "95% CI", "tr": "%95 GA", "it": "IC 95%", "pl": "95% PU",
    },
    "tournament_col_elo": {"en": "Elo", "tr": "Elo", "it": "Elo", "pl": "Elo"},
    "tournament_col_mean": {
        "en": "mean score", "tr": "ort. puan", "it": "punteggio medio", "pl": "średni wynik",
    },
    "tournament_col_median": {"en": "median", "tr": "medyan", "it": "mediana", "pl": "mediana"},
    "tournament_col_std": {
        "en": "std. dev.", "tr": "std. sapma", "it": "dev. std.", "pl": "odch. std.",
    },
    "tournament_col_range": {"en": "min-max", "tr": "min-maks", "it": "min-max",
                             "pl": "min-maks"},
    "tournament_col_draws": {"en": "draws", "tr": "beraberlik", "it": "patte", "pl": "remisy"},
    "tournament_lengths": {
        "en": "Game length ({unit}): mean {mean}, median {median}, min {min}, max {max}",
        "tr": "Oyun uzunluğu ({unit}): ortalama {mean}, medyan {median}, min {min}, maks {max}",
        "it": "Durata delle partite ({unit}): media {mean}, mediana {median}, min {min}, "
              "max {max}",
        "pl": "Długość gry ({unit}): średnio {mean}, mediana {median}, min {min}, maks {max}",
    },
    "tournament_unit_rolls": {"en": "rolls", "tr": "atış", "it": "lanci", "pl": "rzuty"},
    "tournament_unit_plies": {"en": "plies", "tr": "hamle", "it": "semimosse",
                              "pl": "półruchy"},
    "tournament_ends": {
        "en": "End reasons: {reasons}",
        "tr": "Bitiş nedenleri: {reasons}",
        "it": "Motivi di fine partita: {reasons}",
        "pl": "Powody zakończenia: {reasons}",
    },
    "tournament_time": {
        "en": "{seconds} s in all ({per_game} s per game, {jobs} processes), seed {seed}",
        "tr": "Toplam {seconds} sn (oyun başına {per_game} sn, {jobs} süreç), tohum {seed}",
        "it": "{seconds} s in tutto ({per_game} s a partita, {jobs} processi), seme {seed}",
        "pl": "Łącznie {seconds} s ({per_game} s na grę, {jobs} procesów), ziarno {seed}",
    },
    "tournament_plots": {
        "en": "Charts written: {files}",
        "tr": "Yazılan grafikler: {files}",
        "it": "Grafici scritti: {files}",
        "pl": "Zapisane wykresy: {files}",
    },
    "tournament_plot_scores": {
        "en": "Score distribution", "tr": "Puan dağılımı", "it": "Distribuzione dei punteggi",
        "pl": "Rozkład wyników",
    },
    "tournament_plot_results": {
        "en": "Win rate with 95% confidence interval",
        "tr": "%95 güven aralığıyla kazanma oranı",
        "it": "Percentuale di vittorie con intervallo di confidenza al 95%",
        "pl": "Odsetek wygranych z 95% przedziałem ufności",
    },
    "tournament_plot_lengths": {
        "en": "Game length", "tr": "Oyun uzunluğu", "it": "Durata delle partite",
        "pl": "Długość gry",
    },
    "tournament_plot_score_axis": {"en": "score", "tr": "puan", "it": "punteggio",
                                   "pl": "wynik"},
    "tournament_plot_count_axis": {"en": "games", "tr": "oyun", "it": "partite", "pl": "gry"},
    "tournament_cannot_write": {
        "en": "Cannot write the charts to {path}: {why}",
        "tr": "Grafikler {path} konumuna yazılamıyor: {why}",
        "it": "Impossibile scrivere i grafici in {path}: {why}",
        "pl": "Nie można zapisać wykresów w {path}: {why}",
    },
}
