"""Texts of the Qwixx engine, terminal play and score pad (en, tr, it, pl)."""

TEXTS: dict[str, dict[str, str]] = {
    # -- engine errors --------------------------------------------------------------------
    "unknown_edition": {
        "en": "Unknown Qwixx edition {name!r}: choose one of {choices}.",
        "tr": "Bilinmeyen Qwixx sürümü {name!r}: şunlardan birini seçin: {choices}.",
        "it": "Edizione di Qwixx sconosciuta {name!r}: scegli tra {choices}.",
        "pl": "Nieznana edycja Qwixx {name!r}: wybierz jedną z {choices}.",
    },
    "already_decided": {
        "en": "Player {player} has already decided in this action.",
        "tr": "{player} numaralı oyuncu bu eylemde kararını zaten verdi.",
        "it": "Il giocatore {player} ha già deciso in questa azione.",
        "pl": "Gracz {player} już podjął decyzję w tej akcji.",
    },
    "bad_option": {
        "en": "{text!r} is not a decision you can make now. Options: {options}.",
        "tr": "{text!r} şu anda verebileceğiniz bir karar değil. Seçenekler: {options}.",
        "it": "{text!r} non è una decisione possibile ora. Opzioni: {options}.",
        "pl": "{text!r} nie jest teraz możliwą decyzją. Opcje: {options}.",
    },
    "no_such_cell": {
        "en": "There is no cell {cell} on this sheet.",
        "tr": "Bu kartta {cell} diye bir kutu yok.",
        "it": "Su questa cartella non c'è la casella {cell}.",
        "pl": "Na tym arkuszu nie ma pola {cell}.",
    },
    "row_closed": {
        "en": "The {row} row is closed (locked): nothing more can be crossed in it.",
        "tr": "{row} satırı kilitli: artık üzerine çarpı konamaz.",
        "it": "La riga {row} è chiusa: non si può più segnare nulla.",
        "pl": "Rząd {row} jest zablokowany: nie można w nim już nic skreślić.",
    },
    "left_of_last": {
        "en": "{cell} is not right of your last cross in that row ({last}).",
        "tr": "{cell}, o satırdaki son çarpınızın ({last}) sağında değil.",
        "it": "{cell} non è a destra della tua ultima crocetta in quella riga ({last}).",
        "pl": "{cell} nie leży na prawo od ostatniego skreślenia w tym rzędzie ({last}).",
    },
    "lock_needs": {
        "en": "{cell} locks the row: you need at least {need} crosses in that row first "
              "(you have {have}).",
        "tr": "{cell} satırı kilitler: önce o satırda en az {need} çarpınız olmalı "
              "(şu an {have}).",
        "it": "{cell} chiude la riga: prima servono almeno {need} crocette in quella riga "
              "(ne hai {have}).",
        "pl": "{cell} blokuje rząd: najpierw potrzebujesz co najmniej {need} skreśleń w tym "
              "rzędzie (masz {have}).",
    },
    "not_white_sum": {
        "en": "{cell}: in action 1 only the white sum {total} can be crossed.",
        "tr": "{cell}: 1. eylemde yalnızca beyaz zarların toplamı {total} işaretlenebilir.",
        "it": "{cell}: nell'azione 1 si può segnare solo la somma dei bianchi, {total}.",
        "pl": "{cell}: w akcji 1 można skreślić tylko sumę białych kości, {total}.",
    },
    "not_dice_sum": {
        "en": "{cell}: no white die plus the {colour} die makes that number.",
        "tr": "{cell}: hiçbir beyaz zar ile {colour} zarın toplamı bu sayıyı vermiyor.",
        "it": "{cell}: nessun dado bianco più il dado {colour} dà quel numero.",
        "pl": "{cell}: żadna biała kość z kością {colour} nie daje tej liczby.",
    },
    "no_lucky_here": {
        "en": "This sheet has no lucky numbers.",
        "tr": "Bu kartta uğurlu sayı yok.",
        "it": "Questa scheda non ha numeri fortunati.",
        "pl": "Ten arkusz nie ma szczęśliwych liczb.",
    },
    "lucky_action1": {
        "en": "A lucky number can only be used in action 1.",
        "tr": "Uğurlu sayı yalnızca 1. eylemde kullanılabilir.",
        "it": "Un numero fortunato si può usare solo nell'azione 1.",
        "pl": "Szczęśliwej liczby można użyć tylko w akcji 1.",
    },
    "not_lucky": {
        "en": "The white sum {total} is not one of your lucky numbers ({lucky}).",
        "tr": "Beyaz zarların toplamı {total} uğurlu sayılarınızdan ({lucky}) biri değil.",
        "it": "La somma dei bianchi {total} non è uno dei tuoi numeri fortunati ({lucky}).",
        "pl": "Suma białych kości {total} nie jest jedną z twoich szczęśliwych liczb ({lucky}).",
    },
    "lucky_row": {
        "en": "A lucky cross goes to the next cell of a row with the fewest crosses ({rows}), "
              "when that cell may be crossed; not to {row!r}.",
        "tr": "Uğurlu çarpı, en az çarpılı satırlardan birinin ({rows}) sıradaki kutusuna "
              "konur (o kutu işaretlenebiliyorsa); {row!r} olmaz.",
        "it": "Una crocetta fortunata va nella casella successiva di una riga con meno "
              "crocette ({rows}), se si può segnare; non in {row!r}.",
        "pl": "Szczęśliwe skreślenie trafia do następnego pola rzędu z najmniejszą liczbą "
              "skreśleń ({rows}), jeśli można je skreślić; nie do {row!r}.",
    },
    "tie_choice": {
        "en": "{text} earns the two-crosses reward and several rows tie for the fewest "
              "crosses: say which one, e.g. {choices}.",
        "tr": "{text} iki çarpı ödülünü kazandırıyor ve birden fazla satır en az çarpıda "
              "eşit: birini seçin, örneğin {choices}.",
        "it": "{text} fa ottenere il bonus delle due crocette e più righe hanno meno "
              "crocette a pari merito: scegline una, ad es. {choices}.",
        "pl": "{text} daje nagrodę dwóch skreśleń, a kilka rzędów ma tyle samo najmniej "
              "skreśleń: wskaż jeden, np. {choices}.",
    },
    "no_tie_here": {
        "en": "{text}: {cell} needs no choice of a row; write just {cell}.",
        "tr": "{text}: {cell} için satır seçimi gerekmez; yalnızca {cell} yazın.",
        "it": "{text}: {cell} non richiede di scegliere una riga; scrivi solo {cell}.",
        "pl": "{text}: {cell} nie wymaga wyboru rzędu; wpisz tylko {cell}.",
    },
    "bad_dice": {
        "en": "Bad dice {dice}: give {count} values from 1 to {faces} ({names}).",
        "tr": "Geçersiz zarlar {dice}: 1 ile {faces} arasında {count} değer girin ({names}).",
        "it": "Dadi non validi {dice}: servono {count} valori da 1 a {faces} ({names}).",
        "pl": "Błędne kości {dice}: podaj {count} wartości od 1 do {faces} ({names}).",
    },
    "die_removed": {
        "en": "Dice {dice}: the {die} die is out of the game; leave it out (or give 0).",
        "tr": "Zarlar {dice}: {die} zar oyundan çıktı; onu yazmayın (ya da 0 yazın).",
        "it": "Dadi {dice}: il dado {die} è fuori gioco; omettilo (o scrivi 0).",
        "pl": "Kości {dice}: kość {die} jest poza grą; pomiń ją (lub wpisz 0).",
    },
}
