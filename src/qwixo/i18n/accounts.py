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
    # -- the account, profile and leaderboard pages --------------------------------------
    "acct_account": {
        "en": 'Account',
        "tr": 'Hesap',
        "it": 'Account',
        "pl": 'Konto',
    },
    "acct_title": {
        "en": 'Sign in or sign up',
        "tr": 'Oturum aç veya kaydol',
        "it": 'Accedi o registrati',
        "pl": 'Zaloguj się lub załóż konto',
    },
    "acct_optional": {
        "en": 'An account is optional: invite links work without one. With an account your games are rated and kept in your profile.',
        "tr": 'Hesap isteğe bağlıdır: davet bağlantıları hesapsız da çalışır. Hesapla oyunlarınız puanlanır ve profilinizde saklanır.',
        "it": "L'account è facoltativo: i link di invito funzionano anche senza. Con un account le tue partite vengono valutate e conservate nel tuo profilo.",
        "pl": 'Konto jest opcjonalne: linki z zaproszeniem działają bez niego. Z kontem twoje gry są oceniane i zapisywane w profilu.',
    },
    "acct_sign_up": {
        "en": 'Sign up',
        "tr": 'Kaydol',
        "it": 'Registrati',
        "pl": 'Załóż konto',
    },
    "acct_sign_in": {
        "en": 'Sign in',
        "tr": 'Oturum aç',
        "it": 'Accedi',
        "pl": 'Zaloguj się',
    },
    "acct_sign_out": {
        "en": 'Sign out',
        "tr": 'Oturumu kapat',
        "it": 'Esci',
        "pl": 'Wyloguj się',
    },
    "acct_sign_out_all": {
        "en": 'Sign out everywhere',
        "tr": 'Her yerde oturumu kapat',
        "it": 'Esci ovunque',
        "pl": 'Wyloguj się wszędzie',
    },
    "acct_signed_out": {
        "en": 'You are signed out.',
        "tr": 'Oturum kapatıldı.',
        "it": 'Sei uscito.',
        "pl": 'Wylogowano.',
    },
    "acct_signed_in_as": {
        "en": 'Signed in as {name}',
        "tr": '{name} olarak oturum açıldı',
        "it": 'Accesso come {name}',
        "pl": 'Zalogowano jako {name}',
    },
    "acct_name": {
        "en": 'Name',
        "tr": 'Ad',
        "it": 'Nome',
        "pl": 'Nazwa',
    },
    "acct_password": {
        "en": 'Password (at least 8 characters)',
        "tr": 'Parola (en az 8 karakter)',
        "it": 'Password (almeno 8 caratteri)',
        "pl": 'Hasło (co najmniej 8 znaków)',
    },
    "acct_claim": {
        "en": "Add this browser's games to my account",
        "tr": 'Bu tarayıcıdaki oyunları hesabıma ekle',
        "it": 'Aggiungi al mio account le partite di questo browser',
        "pl": 'Dodaj gry z tej przeglądarki do mojego konta',
    },
    "acct_claimed": {
        "en": "{n} seats of this browser's games are now yours.",
        "tr": 'Bu tarayıcıdaki oyunlardan {n} koltuk artık sizin.',
        "it": '{n} posti delle partite di questo browser ora sono tuoi.',
        "pl": 'Miejsca w grach z tej przeglądarki przypisane do konta: {n}.',
    },
    "acct_profile": {
        "en": 'Profile',
        "tr": 'Profil',
        "it": 'Profilo',
        "pl": 'Profil',
    },
    "acct_profile_of": {
        "en": 'Profile of {name}',
        "tr": '{name} profili',
        "it": 'Profilo di {name}',
        "pl": 'Profil gracza {name}',
    },
    "acct_export": {
        "en": 'Export my games (JSON)',
        "tr": 'Oyunlarımı dışa aktar (JSON)',
        "it": 'Esporta le mie partite (JSON)',
        "pl": 'Eksportuj moje gry (JSON)',
    },
    "acct_delete": {
        "en": 'Delete my account',
        "tr": 'Hesabımı sil',
        "it": 'Elimina il mio account',
        "pl": 'Usuń moje konto',
    },
    "acct_delete_note": {
        "en": "Your games stay, under an anonymous name; your name, password and ratings' owner are gone.",
        "tr": 'Oyunlarınız anonim bir adla kalır; adınız, parolanız ve puanlarınızın sahibi silinir.',
        "it": 'Le tue partite restano, con un nome anonimo; il tuo nome, la password e il legame con le valutazioni spariscono.',
        "pl": 'Twoje gry zostają pod anonimową nazwą; nazwa, hasło i powiązanie z rankingami znikają.',
    },
    "acct_delete_confirm": {
        "en": 'Delete this account for good?',
        "tr": 'Bu hesap kalıcı olarak silinsin mi?',
        "it": 'Eliminare definitivamente questo account?',
        "pl": 'Usunąć to konto na zawsze?',
    },
    "acct_deleted": {
        "en": 'The account is deleted.',
        "tr": 'Hesap silindi.',
        "it": "L'account è stato eliminato.",
        "pl": 'Konto zostało usunięte.',
    },
    "acct_graph_label": {
        "en": 'Rating in {cls} after {n} rated games: {rating}',
        "tr": '{cls} sınıfında {n} puanlı oyundan sonra puan: {rating}',
        "it": 'Valutazione in {cls} dopo {n} partite valutate: {rating}',
        "pl": 'Ranking w {cls} po {n} grach rankingowych: {rating}',
    },
    "acct_games_n": {
        "en": '{n} games',
        "tr": '{n} oyun',
        "it": '{n} partite',
        "pl": 'gry: {n}',
    },
    "acct_statistics": {
        "en": 'Statistics',
        "tr": 'İstatistikler',
        "it": 'Statistiche',
        "pl": 'Statystyki',
    },
    "acct_class": {
        "en": 'Rating class',
        "tr": 'Puan sınıfı',
        "it": 'Categoria',
        "pl": 'Kategoria rankingu',
    },
    "acct_games": {
        "en": 'Games',
        "tr": 'Oyunlar',
        "it": 'Partite',
        "pl": 'Gry',
    },
    "acct_wins": {
        "en": 'Wins',
        "tr": 'Galibiyetler',
        "it": 'Vittorie',
        "pl": 'Wygrane',
    },
    "acct_mean_score": {
        "en": 'Mean score',
        "tr": 'Ortalama puan',
        "it": 'Punteggio medio',
        "pl": 'Średni wynik',
    },
    "acct_best_score": {
        "en": 'Best score',
        "tr": 'En iyi puan',
        "it": 'Miglior punteggio',
        "pl": 'Najlepszy wynik',
    },
    "acct_mean_length": {
        "en": 'Mean length (moves)',
        "tr": 'Ortalama uzunluk (hamle)',
        "it": 'Durata media (mosse)',
        "pl": 'Średnia długość (ruchy)',
    },
    "acct_history": {
        "en": 'Games and replays',
        "tr": 'Oyunlar ve tekrarlar',
        "it": 'Partite e replay',
        "pl": 'Gry i powtórki',
    },
    "acct_won": {
        "en": 'won ({score})',
        "tr": 'kazandı ({score})',
        "it": 'vinta ({score})',
        "pl": 'wygrana ({score})',
    },
    "acct_lost": {
        "en": 'not won ({score})',
        "tr": 'kazanılmadı ({score})',
        "it": 'non vinta ({score})',
        "pl": 'bez wygranej ({score})',
    },
    "acct_running": {
        "en": 'in progress',
        "tr": 'sürüyor',
        "it": 'in corso',
        "pl": 'w toku',
    },
    "acct_rated": {
        "en": 'rated',
        "tr": 'puanlı',
        "it": 'valutata',
        "pl": 'rankingowa',
    },
    "acct_leaderboard": {
        "en": 'Leaderboard',
        "tr": 'Sıralama',
        "it": 'Classifica',
        "pl": 'Ranking',
    },
    "acct_rating": {
        "en": 'Rating',
        "tr": 'Puan',
        "it": 'Valutazione',
        "pl": 'Ranking',
    },
    "acct_players": {
        "en": 'Players',
        "tr": 'Oyuncular',
        "it": 'Giocatori',
        "pl": 'Gracze',
    },
    "acct_nobody": {
        "en": 'Nobody is rated in this class yet.',
        "tr": 'Bu sınıfta henüz puanlanan kimse yok.',
        "it": 'Nessuno è ancora valutato in questa categoria.',
        "pl": 'Nikt nie ma jeszcze rankingu w tej kategorii.',
    },
    "acct_bots": {
        "en": 'Bots',
        "tr": 'Botlar',
        "it": 'Bot',
        "pl": 'Boty',
    },
    "acct_bot": {
        "en": 'Bot',
        "tr": 'Bot',
        "it": 'Bot',
        "pl": 'Bot',
    },
}
