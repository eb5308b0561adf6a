"""PNG charts of a tournament report (matplotlib, Agg backend: no display needed).

``write_plots(report, directory)`` writes ``results.png`` (win rates with their 95% Wilson
intervals), ``scores.png`` (a score histogram per bot) and ``lengths.png`` (game lengths) and
returns their paths.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any


def write_plots(rep: dict[str, Any], directory: str | Path, lang: str | None = None) -> list[Path]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from qwixo.i18n import percent, t

    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    bots = rep["bots"]
    names = [b["bot"] for b in bots]
    files = []

    fig, ax = plt.subplots(figsize=(max(4.0, 1.2 * len(bots) + 2), 4))
    rates = [100 * b["win_rate"] for b in bots]
    err = [[100 * (b["win_rate"] - b["ci95"][0]) for b in bots],
           [100 * (b["ci95"][1] - b["win_rate"]) for b in bots]]
    ax.bar(names, rates, yerr=err, capsize=6, color="#4c78a8")
    ax.set_ylabel("%")
    ax.set_ylim(0, 109)
    ax.set_yticks(range(0, 101, 20))
    ax.set_title(t("tournament_plot_results", lang))
    for k, r in enumerate(rates):  # the value beside the error bar
        ax.text(k + 0.08, r + 1, percent(r / 100, lang), ha="left", va="bottom", fontsize=8)
    fig.tight_layout()
    files.append(out / "results.png")
    fig.savefig(files[-1], dpi=100)
    plt.close(fig)

    scores: dict[str, list[int]] = {n: [] for n in names}
    for rec in rep["records"]:
        for s, b in enumerate(rec["lineup"]):
            scores[names[b]].append(rec["scores"][s])
    fig, ax = plt.subplots(figsize=(7, 4))
    lo = min((min(v) for v in scores.values() if v), default=0)
    hi = max((max(v) for v in scores.values() if v), default=1)
    bins = min(40, max(3, int(hi - lo) + 1))
    for n in names:
        if scores[n]:
            ax.hist(scores[n], bins=bins, range=(lo, hi + 1), alpha=0.55, label=n)
    ax.set_xlabel(t("tournament_plot_score_axis", lang))
    ax.set_ylabel(t("tournament_plot_count_axis", lang))
    ax.set_title(t("tournament_plot_scores", lang))
    ax.legend()
    fig.tight_layout()
    files.append(out / "scores.png")
    fig.savefig(files[-1], dpi=100)
    plt.close(fig)

    lengths = [rec["length"] for rec in rep["records"]]
    fig, ax = plt.subplots(figsize=(6, 3.5))
    ax.hist(lengths, bins=min(40, max(3, max(lengths) - min(lengths) + 1)), color="#f58518")
    from qwixo.core import game_info

    unit = f"tournament_unit_{game_info(rep['game']).length}"
    ax.set_xlabel(t(unit, lang))
    ax.set_ylabel(t("tournament_plot_count_axis", lang))
    ax.set_title(t("tournament_plot_lengths", lang))
    fig.tight_layout()
    files.append(out / "lengths.png")
    fig.savefig(files[-1], dpi=100)
    plt.close(fig)
    return files
