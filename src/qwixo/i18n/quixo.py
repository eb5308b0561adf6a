"""Texts of the Quixo rules engine and of Quixo terminal play."""

TEXTS: dict[str, dict[str, str]] = {
    # -- errors of the rules engine and the notation -----------------------------------------
    "quixo_unknown_square": {
        "en": "{square!r} is not a square of the {size}×{size} board.",
        "tr": "{square!r}, {size}×{size} tahtada bir kare değil.",
        "it": "{square!r} non è una casella della scacchiera {size}×{size}.",
        "pl": "{square!r} nie jest polem planszy {size}×{size}.",
    },
    "quixo_bad_move": {
        "en": "Not a Quixo move: {text!r}. Write the square the cube is taken from and the "
              "square where it is pushed back in, e.g. {example}.",
        "tr": "Geçerli bir Quixo hamlesi değil: {text!r}. Küpün alındığı kareyi ve geri itildiği "
              "kareyi yazın, örneğin {example}.",
        "it": "Non è una mossa di Quixo: {text!r}. Scrivi la casella da cui prendi il cubo e "
              "quella in cui lo reinserisci spingendo, per esempio {example}.",
        "pl": "To nie jest ruch w Quixo: {text!r}. Napisz pole, z którego bierzesz kostkę, i pole, "
              "w które ją wsuwasz, na przykład {example}.",
    },
    "quixo_not_border": {
        "en": "{square} is not on the border: only border cubes may be taken.",
        "tr": "{square} kenarda değil: yalnızca kenardaki küpler alınabilir.",
        "it": "{square} non è sul bordo: si possono prendere solo i cubi del bordo.",
        "pl": "{square} nie leży na brzegu: można brać tylko kostki z brzegu planszy.",
    },
    "quixo_same_place": {
        "en": "A cube may never be put back where it was taken from ({square}).",
        "tr": "Bir küp asla alındığı yere ({square}) geri konamaz.",
        "it": "Un cubo non può mai essere rimesso dove è stato preso ({square}).",
        "pl": "Kostki nigdy nie wolno odłożyć tam, skąd została wzięta ({square}).",
    },
    "quixo_not_line_end": {
        "en": "{dst} is not an end of the row or column of {src}: push the cube in at one end "
              "of its row or column.",
        "tr": "{dst}, {src} karesinin satırının veya sütununun bir ucu değil: küpü kendi satırının "
              "veya sütununun bir ucundan itin.",
        "it": "{dst} non è un'estremità della riga o della colonna di {src}: reinserisci il cubo "
              "a un'estremità della sua riga o colonna.",
        "pl": "{dst} nie jest końcem wiersza ani kolumny pola {src}: wsuń kostkę na jednym z "
              "końców jej wiersza lub kolumny.",
    },
    "quixo_opponent_cube": {
        "en": "The cube on {square} shows the opponent's symbol: it cannot be taken.",
        "tr": "{square} karesindeki küpün üstünde rakibin sembolü var: alınamaz.",
        "it": "Il cubo in {square} mostra il simbolo dell'avversario: non si può prendere.",
        "pl": "Kostka na polu {square} ma symbol przeciwnika: nie można jej wziąć.",
    },
    "quixo_dot_not_you": {
        "en": "The dot of the cube on {square} points at your partner ({seat}): only they may "
              "take it.",
        "tr": "{square} karesindeki küpün noktası takım arkadaşınızı ({seat}) gösteriyor: onu "
              "yalnızca o alabilir.",
        "it": "Il punto del cubo in {square} indica il tuo compagno ({seat}): solo lui può "
              "prenderlo.",
        "pl": "Kropka kostki na polu {square} wskazuje twojego partnera ({seat}): tylko on może "
              "ją wziąć.",
    },
    "quixo_dot_other_team": {
        "en": "The dot must point at you or your partner ({seats}), not at {dot}.",
        "tr": "Nokta sizi veya takım arkadaşınızı ({seats}) göstermeli, {dot} oyuncusunu değil.",
        "it": "Il punto deve indicare te o il tuo compagno ({seats}), non {dot}.",
        "pl": "Kropka musi wskazywać ciebie lub twojego partnera ({seats}), a nie {dot}.",
    },
    "quixo_dot_missing": {
        "en": "In the 4-player game a move names the seat its dot points at, e.g. {example}.",
        "tr": "Dört oyunculu oyunda hamle, noktanın gösterdiği oyuncuyu da belirtir, örneğin "
              "{example}.",
        "it": "Nel gioco a 4 la mossa indica anche il posto a cui punta il punto, per esempio "
              "{example}.",
        "pl": "W grze czteroosobowej ruch podaje też miejsce, które wskazuje kropka, na przykład "
              "{example}.",
    },
    "quixo_bad_dot": {
        "en": "{dot!r} is not a seat: a dot points at N, E, S or W.",
        "tr": "{dot!r} bir oyuncu yeri değil: nokta N, E, S veya W yönünü gösterir.",
        "it": "{dot!r} non è un posto: il punto indica N, E, S o W.",
        "pl": "{dot!r} nie jest miejscem: kropka wskazuje N, E, S lub W.",
    },
    "quixo_no_dot": {
        "en": "Only the 4-player game has dots: write {text!r} without ':'.",
        "tr": "Nokta yalnızca dört oyunculu oyunda vardır: {text!r} hamlesini ':' olmadan yazın.",
        "it": "Solo il gioco a 4 ha i punti: scrivi {text!r} senza ':'.",
        "pl": "Kropki są tylko w grze czteroosobowej: zapisz {text!r} bez ':'.",
    },
    "quixo_no_pass_2p": {
        "en": "Passing is not allowed in the 2-player game.",
        "tr": "İki oyunculu oyunda pas geçilemez.",
        "it": "Nel gioco a 2 non si può passare.",
        "pl": "W grze dwuosobowej nie wolno pasować.",
    },
    "quixo_cannot_pass": {
        "en": "You cannot pass: you have a cube to take ({count} moves).",
        "tr": "Pas geçemezsiniz: alabileceğiniz bir küp var ({count} hamle).",
        "it": "Non puoi passare: hai un cubo da prendere ({count} mosse).",
        "pl": "Nie możesz pasować: masz kostkę do wzięcia (ruchów: {count}).",
    },
    "quixo_bad_position": {
        "en": "Not a Quixo position: {text!r}. Write the ranks from the top separated by '/', "
              "a space and the side to move, e.g. '...../...../...../...../..... x'.",
        "tr": "Geçerli bir Quixo konumu değil: {text!r}. Satırları yukarıdan aşağı '/' ile "
              "ayırarak, ardından bir boşluk ve sıradaki tarafı yazın, örneğin "
              "'...../...../...../...../..... x'.",
        "it": "Non è una posizione di Quixo: {text!r}. Scrivi le righe dall'alto separate da '/', "
              "uno spazio e chi muove, per esempio '...../...../...../...../..... x'.",
        "pl": "To nie jest pozycja Quixo: {text!r}. Zapisz rzędy od góry rozdzielone '/', spację "
              "i stronę na ruchu, na przykład '...../...../...../...../..... x'.",
    },
    "quixo_position_size": {
        "en": "A position has {lo} to {hi} ranks, not {count}.",
        "tr": "Bir konumda {lo} ile {hi} arasında satır olur, {count} değil.",
        "it": "Una posizione ha da {lo} a {hi} righe, non {count}.",
        "pl": "Pozycja ma od {lo} do {hi} rzędów, a nie {count}.",
    },
    "quixo_position_side": {
        "en": "{side!r} is not a side to move: x or o (2 players), N, E, S or W (4 players).",
        "tr": "{side!r} geçerli bir sıra değil: x veya o (2 oyuncu), N, E, S veya W (4 oyuncu).",
        "it": "{side!r} non indica chi muove: x o o (2 giocatori), N, E, S o W (4 giocatori).",
        "pl": "{side!r} nie oznacza strony na ruchu: x lub o (2 graczy), N, E, S lub W "
              "(4 graczy).",
    },
    "quixo_position_rank": {
        "en": "The rank {rank!r} must have {count} cells.",
        "tr": "{rank!r} satırında {count} hücre olmalı.",
        "it": "La riga {rank!r} deve avere {count} caselle.",
        "pl": "Rząd {rank!r} musi mieć {count} pól.",
    },
    "quixo_position_cell": {
        "en": "{cell!r} is not a cell here: use one of {allowed}.",
        "tr": "{cell!r} burada geçerli bir hücre değil: şunlardan birini kullanın: {allowed}.",
        "it": "{cell!r} qui non è una casella valida: usa uno tra {allowed}.",
        "pl": "{cell!r} nie jest tu poprawnym polem: użyj jednego z {allowed}.",
    },
}
