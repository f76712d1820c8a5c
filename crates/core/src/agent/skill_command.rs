//! A skill only the model may run (`user-invocable: false`) typed as `/<skill> [args]`: a
//! local refusal in the reference's words, without a model call.

use crate::content::UserContent;
use crate::message::{LocalCommandMark, ResultMessage};

use super::deps::Deps;
use super::local_command::marked;
use super::Session;

/// The skill of `skills` a prompt `/<skill> [args]` names, if any.
pub(crate) fn model_only_skill(prompt: &UserContent, skills: &[String]) -> Option<String> {
    if skills.is_empty() {
        return None;
    }
    let text = prompt.text();
    let rest = text.strip_prefix('/')?;
    let name = rest.split_whitespace().next()?;
    skills.iter().find(|s| s.as_str() == name).cloned()
}

impl Session {
    /// Whether `prompt` types a skill only the model may run (refused without a turn).
    pub fn types_model_only_skill(&self, prompt: &UserContent) -> bool {
        model_only_skill(prompt, &self.model_only_skills).is_some()
    }

    /// Answers `/<skill>` for a skill only the model may run: a local refusal, no model
    /// call (vk_sk_fm_ui_false_slash).
    pub(crate) fn refuse_model_only_skill(
        &mut self,
        skill: &str,
        deps: &Deps<'_>,
        started: u64,
    ) -> ResultMessage {
        deps.emit.emit(self.init_message(deps));
        let text = format!(
            "This skill can only be invoked by Claude, not directly by users. Ask Claude to use the \"{skill}\" skill for you."
        );
        let answer = marked(
            self.view().synthetic_assistant(deps, &text, "", false),
            LocalCommandMark {
                local_command_source: format!(
                    "<local-command-stdout>{text}</local-command-stdout>"
                ),
                local_command_run: serde_json::Value::Null,
                local_command_outcome: serde_json::Value::Null,
            },
        );
        deps.emit.emit(answer);
        // Recorded in front of the next prompt: the caveat, the command as its name, the
        // refusal (fuzz-m/fm_032, p32).
        self.pending_blocks
            .extend(crate::compact::typed_command_blocks(
                &format!("/{skill}"),
                &text,
            ));
        let mut result = self.local_command_result(deps, started, "custom");
        result.result = Some(text);
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_model_only_skill_typed_as_a_command() {
        let skills = vec!["hidden".to_string()];
        let p = |s: &str| model_only_skill(&UserContent::Text(s.into()), &skills);
        assert_eq!(p("/hidden"), Some("hidden".into()));
        assert_eq!(p("/hidden now"), Some("hidden".into()));
        assert_eq!(p("/hiddenx"), None);
        assert_eq!(p("hidden"), None);
    }
}
