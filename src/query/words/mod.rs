//! Each language's words behind one interface ([`Words`]): a fifth language is one more
//! module here plus its Fluent files. It holds the words that tell a message's language
//! ([`super::detect`]) and the cues of follow-ups ([`super::follow_up`]); the other word
//! lists of `query/` (intent cues, units, numbers, counting words) move here as they are
//! touched.

mod en;
mod es;
mod pt;
mod zh;

use crate::vocab::Lang;

/// The words of one language the parser reads.
pub trait Words: Sync {
    /// The language these words are.
    fn lang(&self) -> Lang;
    /// Words that open a message continuing the last question ("what about", "e com",
    /// "y si"), as the cleaned text has them (lowercase, accents stripped). Matched at the
    /// start of the message, whole words only.
    fn follow_up_openers(&self) -> &'static [&'static str];
    /// Words that say a message continues the last question wherever they stand
    /// ("instead", "换成", a closing "呢" is in [`Words::follow_up_endings`]).
    fn follow_up_anywhere(&self) -> &'static [&'static str];
    /// Words that close a follow-up ("呢").
    fn follow_up_endings(&self) -> &'static [&'static str] {
        &[]
    }
    /// Ordinary words that tell a message is in this language (question words, verbs,
    /// articles), as the cleaned text has them; never a model or a card. Chinese is told
    /// by its script and has none.
    fn telling_words(&self) -> &'static [&'static str] {
        &[]
    }
    /// Phrases that settle short questions whose words two languages share ("da pra",
    /// "que es"), with their weight, read as whole words.
    fn telling_phrases(&self) -> &'static [(&'static str, f64)] {
        &[]
    }
}

/// Every language's words, in [`Lang::ALL`] order.
pub static ALL: [&dyn Words; 4] = [&en::English, &pt::Portuguese, &es::Spanish, &zh::Chinese];

/// The words of `lang`.
pub fn of(lang: Lang) -> &'static dyn Words {
    match lang {
        Lang::En => &en::English,
        Lang::Pt => &pt::Portuguese,
        Lang::Es => &es::Spanish,
        Lang::Zh => &zh::Chinese,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_has_its_module_in_order() {
        for (words, lang) in ALL.iter().zip(Lang::ALL) {
            assert_eq!(words.lang(), lang);
            assert_eq!(of(lang).lang(), lang);
            assert!(
                !words.follow_up_openers().is_empty() || !words.follow_up_anywhere().is_empty()
            );
        }
    }

    #[test]
    fn cues_are_written_as_the_cleaned_text_has_them() {
        for words in ALL {
            for cue in words
                .follow_up_openers()
                .iter()
                .chain(words.follow_up_anywhere())
            {
                assert_eq!(*cue, cue.to_lowercase(), "{cue}");
                assert!(
                    !cue.contains(['á', 'é', 'í', 'ó', 'ú', 'ã', 'ç', 'ñ']),
                    "{cue}"
                );
            }
        }
    }
}
