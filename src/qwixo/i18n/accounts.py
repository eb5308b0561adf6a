"""Texts of accounts, rated games, profiles and leaderboards (``qwixo serve``): the server's
refusals and the words of the profile and leaderboard pages (``acct_`` keys)."""

TEXTS: dict[str, dict[str, str]] = {
    # -- refusals -------------------------------------------------------------------------
    "password_too_short": {
        "en": "The password must have at least {min} characters.",
        "tr": "Parola en az {min} karakter olmalı.",
        "it": "La password deve avere almeno {min} caratteri.",
        "pl": "Hasło musi mieć co najmniej {min} znaków.",
    },
    "name_taken": {
        "en": "The name {name!r} is already taken.",
        "tr": "{name!r} adı zaten alınmış.",
        "it": "Il nome {name!r} è già in uso.",
        "pl": "Nazwa {name!r} jest już zajęta.",
    },
    "bad_credentials": {
        "en": "Wrong name or password.",
        "tr": "Ad veya parola yanlış.",
        "it": "Nome o password errati.",
        "pl": "Nieprawidłowa nazwa lub hasło.",
    },
    "signed_out": {
        "en": "You are not signed in.",
        "tr": "Oturum açmadınız.",
        "it": "Non hai effettuato l'accesso.",
        "pl": "Nie jesteś zalogowany.",
    },
    "csrf_failed": {
        "en": "This request lacks the page's security token (CSRF): reload the page.",
        "tr": "Bu istekte sayfanın güvenlik anahtarı (CSRF) yok: sayfayı yenileyin.",
        "it": "Alla richiesta manca il token di sicurezza della pagina (CSRF): ricarica la "
              "pagina.",
        "pl": "W żądaniu brakuje tokenu bezpieczeństwa strony (CSRF): odśwież stronę.",
    },
    "not_ratable": {
        "en": "This game cannot be rated ({why}): rated games have no undo, no score pad and "
              "at least two players.",
        "tr": "Bu oyun puanlanamaz ({why}): puanlı oyunlarda geri alma ve puan kâğıdı modu "
              "yoktur, en az iki oyuncu gerekir.",
        "it": "Questa partita non può essere valutata ({why}): le partite valutate non hanno "
              "annullamento né segnapunti e hanno almeno due giocatori.",
        "pl": "Ta gra nie może być rankingowa ({why}): gry rankingowe nie mają cofania ani "
              "trybu notesu i mają co najmniej dwóch graczy.",
    },
    "no_hints_rated": {
        "en": "No hints in a rated game.",
        "tr": "Puanlı oyunda ipucu yok.",
        "it": "Niente suggerimenti in una partita valutata.",
        "pl": "W grze rankingowej nie ma podpowiedzi.",
    },
    "no_such_player": {
        "en": "There is no player {name!r}.",
        "tr": "{name!r} adında bir oyuncu yok.",
        "it": "Non esiste il giocatore {name!r}.",
        "pl": "Nie ma gracza {name!r}.",
    },
    "account_deleted_name": {
        "en": "Former player",
        "tr": "Eski oyuncu",
        "it": "Ex giocatore",
        "pl": "Były gracz",
    },
}
