// The sandbox's answers on the code endpoint: one sentence, then a fenced code block in the
// language the prompt asks for (Python when it names none), for a few everyday tasks written out
// in full (reverse, sort, sum, fibonacci, factorial, palindrome, hello world) and, for any other
// task, a named function skeleton that says plainly it is the sandbox's. Deterministic, like the
// rest of the sandbox: the same prompt gives the same code.
import "server-only";

type Language = { id: string; names: RegExp; fence: string };

const LANGUAGES: Language[] = [
  { id: "typescript", names: /\b(typescript|ts|deno)\b/i, fence: "typescript" },
  { id: "javascript", names: /\b(javascript|js|node(\.js)?|nodejs)\b/i, fence: "javascript" },
  { id: "python", names: /\b(python|py|python3)\b/i, fence: "python" },
  { id: "go", names: /\b(go|golang)\b/i, fence: "go" },
  { id: "rust", names: /\brust\b/i, fence: "rust" },
  { id: "java", names: /\bjava\b/i, fence: "java" },
  { id: "ruby", names: /\bruby\b/i, fence: "ruby" },
];

type Task = "reverse" | "sort" | "sum" | "fibonacci" | "factorial" | "palindrome" | "hello";

const TASKS: [Task, RegExp][] = [
  ["reverse", /\brevers/i],
  ["sort", /\bsort/i],
  ["fibonacci", /\bfib(onacci)?\b/i],
  ["factorial", /\bfactorial/i],
  ["palindrome", /\bpalindrom/i],
  ["sum", /\b(sum|add up|total)\b/i],
  ["hello", /\bhello[, ]*world\b/i],
];

/** Each task in each language: a whole, runnable function (and a line using it). */
const CODE: Record<Task, Record<string, string>> = {
  reverse: {
    python: 'def reverse_list(items):\n    """Return a new list with the items in reverse order."""\n    return items[::-1]\n\n\nprint(reverse_list([1, 2, 3]))  # [3, 2, 1]',
    javascript: "function reverseList(items) {\n  return [...items].reverse();\n}\n\nconsole.log(reverseList([1, 2, 3])); // [3, 2, 1]",
    typescript: "function reverseList<T>(items: readonly T[]): T[] {\n  return [...items].reverse();\n}\n\nconsole.log(reverseList([1, 2, 3])); // [3, 2, 1]",
    go: "func reverseList[T any](items []T) []T {\n\tout := make([]T, len(items))\n\tfor i, item := range items {\n\t\tout[len(items)-1-i] = item\n\t}\n\treturn out\n}",
    rust: "fn reverse_list<T: Clone>(items: &[T]) -> Vec<T> {\n    items.iter().rev().cloned().collect()\n}",
    java: "static <T> List<T> reverseList(List<T> items) {\n    List<T> out = new ArrayList<>(items);\n    Collections.reverse(out);\n    return out;\n}",
    ruby: "def reverse_list(items)\n  items.reverse\nend\n\nputs reverse_list([1, 2, 3]).inspect # [3, 2, 1]",
  },
  sort: {
    python: 'def sort_numbers(numbers):\n    """Return the numbers in ascending order, leaving the input as it was."""\n    return sorted(numbers)\n\n\nprint(sort_numbers([3, 1, 2]))  # [1, 2, 3]',
    javascript: "function sortNumbers(numbers) {\n  return [...numbers].sort((a, b) => a - b);\n}\n\nconsole.log(sortNumbers([3, 1, 2])); // [1, 2, 3]",
    typescript: "function sortNumbers(numbers: readonly number[]): number[] {\n  return [...numbers].sort((a, b) => a - b);\n}\n\nconsole.log(sortNumbers([3, 1, 2])); // [1, 2, 3]",
    go: "func sortNumbers(numbers []int) []int {\n\tout := append([]int(nil), numbers...)\n\tsort.Ints(out)\n\treturn out\n}",
    rust: "fn sort_numbers(numbers: &[i64]) -> Vec<i64> {\n    let mut out = numbers.to_vec();\n    out.sort();\n    out\n}",
    java: "static List<Integer> sortNumbers(List<Integer> numbers) {\n    List<Integer> out = new ArrayList<>(numbers);\n    Collections.sort(out);\n    return out;\n}",
    ruby: "def sort_numbers(numbers)\n  numbers.sort\nend\n\nputs sort_numbers([3, 1, 2]).inspect # [1, 2, 3]",
  },
  sum: {
    python: 'def total(numbers):\n    """The sum of the numbers (0 for none)."""\n    return sum(numbers)\n\n\nprint(total([1, 2, 3]))  # 6',
    javascript: "function total(numbers) {\n  return numbers.reduce((sum, n) => sum + n, 0);\n}\n\nconsole.log(total([1, 2, 3])); // 6",
    typescript: "function total(numbers: readonly number[]): number {\n  return numbers.reduce((sum, n) => sum + n, 0);\n}\n\nconsole.log(total([1, 2, 3])); // 6",
    go: "func total(numbers []int) int {\n\tsum := 0\n\tfor _, n := range numbers {\n\t\tsum += n\n\t}\n\treturn sum\n}",
    rust: "fn total(numbers: &[i64]) -> i64 {\n    numbers.iter().sum()\n}",
    java: "static int total(List<Integer> numbers) {\n    return numbers.stream().mapToInt(Integer::intValue).sum();\n}",
    ruby: "def total(numbers)\n  numbers.sum\nend\n\nputs total([1, 2, 3]) # 6",
  },
  fibonacci: {
    python: 'def fibonacci(n):\n    """The first n Fibonacci numbers."""\n    numbers, a, b = [], 0, 1\n    for _ in range(n):\n        numbers.append(a)\n        a, b = b, a + b\n    return numbers\n\n\nprint(fibonacci(8))  # [0, 1, 1, 2, 3, 5, 8, 13]',
    javascript: "function fibonacci(n) {\n  const numbers = [];\n  for (let i = 0, a = 0, b = 1; i < n; i++, [a, b] = [b, a + b]) numbers.push(a);\n  return numbers;\n}\n\nconsole.log(fibonacci(8)); // [0, 1, 1, 2, 3, 5, 8, 13]",
    typescript: "function fibonacci(n: number): number[] {\n  const numbers: number[] = [];\n  for (let i = 0, a = 0, b = 1; i < n; i++, [a, b] = [b, a + b]) numbers.push(a);\n  return numbers;\n}\n\nconsole.log(fibonacci(8)); // [0, 1, 1, 2, 3, 5, 8, 13]",
    go: "func fibonacci(n int) []int {\n\tnumbers := make([]int, 0, n)\n\tfor a, b := 0, 1; len(numbers) < n; a, b = b, a+b {\n\t\tnumbers = append(numbers, a)\n\t}\n\treturn numbers\n}",
    rust: "fn fibonacci(n: usize) -> Vec<u64> {\n    let (mut a, mut b) = (0u64, 1u64);\n    (0..n).map(|_| { let x = a; a = b; b += x; x }).collect()\n}",
    java: "static List<Long> fibonacci(int n) {\n    List<Long> numbers = new ArrayList<>();\n    for (long a = 0, b = 1; numbers.size() < n; b = a + b, a = b - a) numbers.add(a);\n    return numbers;\n}",
    ruby: "def fibonacci(n)\n  a, b = 0, 1\n  Array.new(n) { x = a; a, b = b, a + b; x }\nend\n\nputs fibonacci(8).inspect # [0, 1, 1, 2, 3, 5, 8, 13]",
  },
  factorial: {
    python: 'def factorial(n):\n    """n! for a whole number n >= 0."""\n    if n < 0:\n        raise ValueError("n must be 0 or more")\n    result = 1\n    for i in range(2, n + 1):\n        result *= i\n    return result\n\n\nprint(factorial(5))  # 120',
    javascript: "function factorial(n) {\n  if (n < 0) throw new RangeError(\"n must be 0 or more\");\n  let result = 1;\n  for (let i = 2; i <= n; i++) result *= i;\n  return result;\n}\n\nconsole.log(factorial(5)); // 120",
    typescript: "function factorial(n: number): number {\n  if (n < 0) throw new RangeError(\"n must be 0 or more\");\n  let result = 1;\n  for (let i = 2; i <= n; i++) result *= i;\n  return result;\n}\n\nconsole.log(factorial(5)); // 120",
    go: "func factorial(n uint) uint64 {\n\tresult := uint64(1)\n\tfor i := uint64(2); i <= uint64(n); i++ {\n\t\tresult *= i\n\t}\n\treturn result\n}",
    rust: "fn factorial(n: u64) -> u64 {\n    (2..=n).product()\n}",
    java: "static long factorial(int n) {\n    if (n < 0) throw new IllegalArgumentException(\"n must be 0 or more\");\n    long result = 1;\n    for (int i = 2; i <= n; i++) result *= i;\n    return result;\n}",
    ruby: "def factorial(n)\n  raise ArgumentError, \"n must be 0 or more\" if n.negative?\n  (2..n).reduce(1, :*)\nend\n\nputs factorial(5) # 120",
  },
  palindrome: {
    python: 'def is_palindrome(text):\n    """Whether text reads the same both ways, ignoring case and anything but letters and digits."""\n    kept = [c.lower() for c in text if c.isalnum()]\n    return kept == kept[::-1]\n\n\nprint(is_palindrome("A man, a plan, a canal: Panama"))  # True',
    javascript: "function isPalindrome(text) {\n  const kept = text.toLowerCase().replace(/[^a-z0-9]/g, \"\");\n  return kept === [...kept].reverse().join(\"\");\n}\n\nconsole.log(isPalindrome(\"A man, a plan, a canal: Panama\")); // true",
    typescript: "function isPalindrome(text: string): boolean {\n  const kept = text.toLowerCase().replace(/[^a-z0-9]/g, \"\");\n  return kept === [...kept].reverse().join(\"\");\n}\n\nconsole.log(isPalindrome(\"A man, a plan, a canal: Panama\")); // true",
    go: "func isPalindrome(text string) bool {\n\tvar kept []rune\n\tfor _, r := range strings.ToLower(text) {\n\t\tif unicode.IsLetter(r) || unicode.IsDigit(r) {\n\t\t\tkept = append(kept, r)\n\t\t}\n\t}\n\tfor i, j := 0, len(kept)-1; i < j; i, j = i+1, j-1 {\n\t\tif kept[i] != kept[j] {\n\t\t\treturn false\n\t\t}\n\t}\n\treturn true\n}",
    rust: "fn is_palindrome(text: &str) -> bool {\n    let kept: Vec<char> = text.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect();\n    kept.iter().eq(kept.iter().rev())\n}",
    java: "static boolean isPalindrome(String text) {\n    String kept = text.toLowerCase().replaceAll(\"[^a-z0-9]\", \"\");\n    return new StringBuilder(kept).reverse().toString().equals(kept);\n}",
    ruby: "def palindrome?(text)\n  kept = text.downcase.gsub(/[^a-z0-9]/, \"\")\n  kept == kept.reverse\nend\n\nputs palindrome?(\"A man, a plan, a canal: Panama\") # true",
  },
  hello: {
    python: 'print("Hello, world!")',
    javascript: 'console.log("Hello, world!");',
    typescript: 'const greeting: string = "Hello, world!";\nconsole.log(greeting);',
    go: 'package main\n\nimport "fmt"\n\nfunc main() {\n\tfmt.Println("Hello, world!")\n}',
    rust: 'fn main() {\n    println!("Hello, world!");\n}',
    java: 'public class Hello {\n    public static void main(String[] args) {\n        System.out.println("Hello, world!");\n    }\n}',
    ruby: 'puts "Hello, world!"',
  },
};

const TASK_WORDS: Record<Task, string> = {
  reverse: "reverses a list", sort: "sorts numbers", sum: "adds numbers up", fibonacci: "lists Fibonacci numbers",
  factorial: "computes a factorial", palindrome: "checks for a palindrome", hello: "prints a greeting",
};

const NOT_NAMES = new Set(["write", "code", "function", "please", "program", "script", "snippet", "that", "which", "using", "with", "from", "into", "make", "create", "implement", "python", "javascript", "typescript", "golang", "rust", "java", "ruby", "node", "class", "method"]);

/** A function name from the prompt's own words ("parse a csv file" → parse_csv_file). */
function nameFrom(prompt: string): string[] {
  const words = (prompt.toLowerCase().match(/[a-z]{3,}/g) ?? []).filter((w) => !NOT_NAMES.has(w)).slice(0, 3);
  return words.length ? words : ["solve", "task"];
}

function skeleton(language: string, words: string[]): string {
  const snake = words.join("_");
  const camel = words[0] + words.slice(1).map((w) => w[0].toUpperCase() + w.slice(1)).join("");
  const note = "the sandbox engine writes the outline; a real engine writes the body";
  switch (language) {
    case "javascript": return `function ${camel}(input) {\n  // ${note}\n  throw new Error("not written yet");\n}`;
    case "typescript": return `function ${camel}(input: unknown): unknown {\n  // ${note}\n  throw new Error("not written yet");\n}`;
    case "go": return `func ${camel}(input string) (string, error) {\n\t// ${note}\n\treturn "", errors.New("not written yet")\n}`;
    case "rust": return `fn ${snake}(input: &str) -> Result<String, String> {\n    // ${note}\n    Err("not written yet".into())\n}`;
    case "java": return `static String ${camel}(String input) {\n    // ${note}\n    throw new UnsupportedOperationException("not written yet");\n}`;
    case "ruby": return `def ${snake}(input)\n  # ${note}\n  raise NotImplementedError\nend`;
    default: return `def ${snake}(data):\n    # ${note}\n    raise NotImplementedError`;
  }
}

/** The code endpoint's answer for a prompt: a sentence, then the code in a fenced block. */
export function sandboxCode(whole: string): string {
  // What it asks for is said early: only the start of a long prompt is read (bounded work).
  const prompt = whole.slice(0, 2_000);
  const language = LANGUAGES.find((l) => l.names.test(prompt)) ?? LANGUAGES.find((l) => l.id === "python")!;
  const task = TASKS.find(([, pattern]) => pattern.test(prompt))?.[0];
  const name = language.id.charAt(0).toUpperCase() + language.id.slice(1);
  if (task) return `Here is a ${name} ${task === "hello" ? "program" : "function"} that ${TASK_WORDS[task]}:\n\n\`\`\`${language.fence}\n${CODE[task][language.id]}\n\`\`\``;
  return `Here is an outline in ${name} to start from:\n\n\`\`\`${language.fence}\n${skeleton(language.id, nameFrom(prompt))}\n\`\`\``;
}
