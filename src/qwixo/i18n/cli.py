"""Texts of the terminal front end (``qwixo`` command)."""

TEXTS: dict[str, dict[str, str]] = {
    "cli_description": {
        "en": "Qwixx and Quixo: play, serve, solve, benchmark, run tournaments.",
        "tr": "Qwixx ve Quixo: oyna, sun, çöz, ölç, turnuva düzenle.",
        "it": "Qwixx e Quixo: gioca, servi, risolvi, misura, organizza tornei.",
        "pl": "Qwixx i Quixo: graj, uruchom serwer, rozwiązuj, mierz, organizuj turnieje.",
    },
}
